import { useId, useState } from 'react';
import { loginRequestSchema } from '@app/contracts';
import type { LoginResult } from '@app/contracts';
import { login } from '@/features/auth/api/login';
import { loginWithPasskey } from '@/features/auth/api/passkey-login';
import { passkeysSupported } from '@/lib/passkey-prompt';
import { useForm } from '@/features/auth/hooks/use-form';
import { useSubmission } from '@/features/auth/hooks/use-submission';
import { CheckboxField } from '@/features/auth/components/checkbox-field';
import { FormError } from '@/features/auth/components/form-messages';
import { SmallWindowLink } from '@/features/auth/components/small-window-link';
import { SubmitButton } from '@/features/auth/components/submit-button';
import { TextField } from '@/features/auth/components/text-field';
import { TwoFactorStep } from '@/features/auth/components/two-factor-step';
import { ContinueWith } from '@/features/auth/components/continue-with';
import { paths } from '@/config/paths';

/** 'Existing User' (SPEC §2): e-mail, password, remember me, and the links for account e-mails. */
export function LoginForm({ onLoggedIn }: { onLoggedIn: (result: LoginResult) => void }) {
  const headingId = useId();
  const form = useForm(loginRequestSchema, { Email: '', Password: '', RememberMe: false });
  const { submission, submit } = useSubmission(login);
  const passkey = useSubmission(loginWithPasskey);
  const [challenge, setChallenge] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (request) => {
    const result = await submit(request);
    if (result && 'twoFactorRequired' in result) setChallenge(result.challenge);
    else if (result) onLoggedIn(result);
  });

  const signInWithPasskey = async () => {
    const result = await passkey.submit({ rememberMe: (form.values.RememberMe as boolean) === true });
    if (result) onLoggedIn(result);
  };

  if (challenge) return <TwoFactorStep challenge={challenge} onLoggedIn={onLoggedIn} />;

  return (
    <section className="card auth-card">
      <h2 id={headingId}>Existing User</h2>
      <form aria-labelledby={headingId} noValidate onSubmit={onSubmit}>
        <TextField label="Email" type="email" autoComplete="username" {...form.textField('Email')} />
        <TextField label="Password" type="password" autoComplete="current-password" {...form.textField('Password')} />
        <CheckboxField label="Remember me" {...form.checkboxField('RememberMe')} />
        <SubmitButton label="Login" pending={submission.status === 'pending'} />
        <FormError message={submission.status === 'failed' ? submission.errorMessage : undefined} />
        {passkeysSupported() && (
          <div className="continue-with">
            <button
              type="button"
              className="button continue-with-button"
              disabled={passkey.submission.status === 'pending'}
              onClick={() => void signInWithPasskey()}
            >
              Sign in with a passkey
            </button>
          </div>
        )}
        <FormError message={passkey.submission.status === 'failed' ? passkey.submission.errorMessage : undefined} />
        <ContinueWith />
        <p className="auth-links">
          <SmallWindowLink to={paths.auth.sendConfirmationLink.getHref()} windowName="sendemailconfirmationlink">
            Resend confirmation e-mail
          </SmallWindowLink>
          <SmallWindowLink to={paths.auth.forgotPassword.getHref()} windowName="forgotpassword">
            Forgot password?
          </SmallWindowLink>
        </p>
      </form>
    </section>
  );
}
