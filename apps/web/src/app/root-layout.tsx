import { AuthProvider } from '@/lib/auth-context';
import { ShellLayout } from '@/app/layout/shell-layout';

export function RootLayout() {
  return (
    <AuthProvider>
      <ShellLayout />
    </AuthProvider>
  );
}
