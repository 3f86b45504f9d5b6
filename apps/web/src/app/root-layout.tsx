import { AuthProvider } from '../lib/auth-context';
import { ShellLayout } from './layout/shell-layout';

export function RootLayout() {
  return (
    <AuthProvider>
      <ShellLayout />
    </AuthProvider>
  );
}
