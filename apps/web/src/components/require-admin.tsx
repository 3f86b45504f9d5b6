import type { ReactNode } from 'react';
import { NoticePage } from '@/components/notice-page';
import { RequireLogin } from '@/components/require-login';
import { useAuth } from '@/lib/auth-context';

/** Pages for admins only (SPEC §6): a logged-out visitor is sent to /login, another user is told under the page's title. */
export function RequireAdmin({ title, children }: { title: string; children: ReactNode }) {
  const { isAdmin } = useAuth();
  return <RequireLogin>{isAdmin ? children : <NoticePage title={title}>Only admins can see this page.</NoticePage>}</RequireLogin>;
}
