import { useAuth } from '@/lib/auth-context';
import type { LoginResult } from '@app/contracts';
import { LoginForm } from '@/features/auth/components/login-form';
import { SignupForm } from '@/features/auth/components/signup-form';
import '@/features/auth/auth.css';

export interface LoginFormsProps {
  /** After the session is stored; without it the visitor stays where they are (article and question pages). */
  onLoggedIn?: (result: LoginResult) => void;
  /** After the new account's session is stored. */
  onSignedUp?: (result: LoginResult) => void;
}

/** The login and signup forms side by side; used by the login page and embedded for anonymous visitors. */
export function LoginForms({ onLoggedIn, onSignedUp }: LoginFormsProps) {
  const { login } = useAuth();
  return (
    <div className="login-forms">
      <LoginForm
        onLoggedIn={(result) => {
          login(result);
          onLoggedIn?.(result);
        }}
      />
      <SignupForm
        onSignedUp={(result) => {
          login(result);
          onSignedUp?.(result);
        }}
      />
    </div>
  );
}
