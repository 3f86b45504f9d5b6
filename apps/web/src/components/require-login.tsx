import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuth } from '@/lib/auth-context';
import { paths } from '@/config/paths';

/** Pages for signed-in users only: a logged-out visitor is sent to /login (SPEC §2 submit pages). */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const location = useLocation();
  if (!user) return <Navigate to={paths.auth.login.getHref()} replace state={{ from: location }} />;
  return children;
}
