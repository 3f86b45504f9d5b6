import { useId, useState, type FormEvent } from 'react';
import type { LoginResult } from '@app/contracts';
import { login2fa } from '@/features/auth/api/login-2fa';
import { login2faWithPasskey } from '@/features/auth/api/passkey-login';
import { passkeysSupported } from '@/lib/passkey-prompt';
import { useSubmission } from '@/features/auth/hooks/use-submission';
import { FormError } from '@/features/auth/components/form-messages';
import { SubmitButton } from '@/features/auth/components/submit-button';

/** The second step of a login with two-factor on: the code of the authenticator app, or a recovery code. */
export function TwoFactorStep({ challenge, onLoggedIn }: { challenge: string; onLoggedIn: (result: LoginResult) => void }) {
  const headingId = useId();
  const codeId = useId();
  const [code, setCode] = useState('');
  const { submission, submit } = useSubmission(login2fa);
  const passkey = useSubmission(login2faWithPasskey);
  const finishWithPasskey = () => void passkey.submit({ challenge }).then((result) => result && onLoggedIn(result));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    void submit({ challenge, code: code.trim() }).then((result) => result && onLoggedIn(result));
  };

  return (
    <section className="card auth-card">
      <h2 id={headingId}>Two-factor authentication</h2>
      <form aria-labelledby={headingId} noValidate onSubmit={onSubmit}>
        <div className="form-field">
          <label htmlFor={codeId}>Code from your authenticator app, or a recovery code</label>
          <input
            id={codeId}
            name="code"
            value={code}
            inputMode="text"
            autoComplete="one-time-code"
            autoFocus
            onChange={(event) => setCode(event.target.value)}
          />
        </div>
        <SubmitButton label="Verify" pending={submission.status === 'pending'} />
        <FormError message={submission.status === 'failed' ? submission.errorMessage : undefined} />
        {passkeysSupported() && (
          <button type="button" className="button" disabled={passkey.submission.status === 'pending'} onClick={finishWithPasskey}>
            Use a passkey instead
          </button>
        )}
        <FormError message={passkey.submission.status === 'failed' ? passkey.submission.errorMessage : undefined} />
      </form>
    </section>
  );
}
