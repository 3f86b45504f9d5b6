import { useLocation, useNavigate } from 'react-router-dom';
import { PageHeading } from '@/components/page-heading';
import { LoginForms } from '@/features/auth/components/login-forms';
import { pathAfterLogin } from '@/features/auth/lib/return-path';

/** Login and signup side by side with a banner (SPEC §2); where each goes afterwards is SPEC §4. */
export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  const goBack = () => void navigate(pathAfterLogin(from, document.referrer, window.location.origin), { replace: true });

  return (
    <div className="login-page">
      <section className="auth-banner">
        <PageHeading title="Login">Welcome to DevCommunity</PageHeading>
        <p>Log in to write articles, ask questions and join the discussion, or create a free account.</p>
      </section>
      <LoginForms onLoggedIn={goBack} onSignedUp={goBack} />
    </div>
  );
}
