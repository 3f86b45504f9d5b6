import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { LoginResult } from '@app/contracts';
import { PageHeading } from '@/components/page-heading';
import { exchangeExternalSignIn } from '@/features/auth/api/external-sign-in';
import { TwoFactorStep } from '@/features/auth/components/two-factor-step';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth-context';
import { messageOf } from '@/lib/message-of';
import '@/features/auth/auth.css';

type State =
  { status: 'exchanging' } | { status: 'two-factor'; challenge: string } | { status: 'failed'; message: string } | { status: 'linked' };

/**
 * Where a sign-in with GitHub or an OpenID Connect provider comes back: `?code=` (a one-time code,
 * traded here for the session), `?error=`, or `?linked=` after linking from Settings.
 */
export function ExternalSignInPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { login, user } = useAuth();
  const code = params.get('code');
  const error = params.get('error');
  const [state, setState] = useState<State>(() =>
    error ? { status: 'failed', message: error } : code ? { status: 'exchanging' } : { status: 'linked' },
  );
  // The code works once: a second effect run (StrictMode) must not spend it again.
  const exchanged = useRef(false);

  const loggedIn = (result: LoginResult) => {
    login(result);
    void navigate(paths.home.getHref(), { replace: true });
  };

  useEffect(() => {
    if (!code || error || exchanged.current) return;
    exchanged.current = true;
    exchangeExternalSignIn({ code })
      .then((result) => {
        if ('twoFactorRequired' in result) setState({ status: 'two-factor', challenge: result.challenge });
        else loggedIn(result);
      })
      .catch((reason: unknown) => setState({ status: 'failed', message: messageOf(reason) }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per code
  }, [code, error]);

  if (state.status === 'two-factor') return <TwoFactorStep challenge={state.challenge} onLoggedIn={loggedIn} />;
  return (
    <section className="card auth-card">
      <PageHeading title="Sign in">Signing in with another site</PageHeading>
      {state.status === 'exchanging' && <p>Signing you in…</p>}
      {state.status === 'failed' && (
        <>
          <p className="field-error" role="alert">
            {state.message}
          </p>
          <p>
            <Link to={user ? paths.profile.getHref(user.userName) : paths.auth.login.getHref()}>
              {user ? 'Back to your profile' : 'Back to login'}
            </Link>
          </p>
        </>
      )}
      {state.status === 'linked' && (
        <p role="status">
          The sign-in method is linked to your account.{' '}
          {user && <Link to={paths.profile.getHref(user.userName)}>Back to your profile</Link>}
        </p>
      )}
    </section>
  );
}
