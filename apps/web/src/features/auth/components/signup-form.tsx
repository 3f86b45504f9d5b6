import { useId } from 'react';
import { PASSWORD_LENGTH, signupFormSchema } from '@app/contracts';
import type { LoginResult } from '@app/contracts';
import { signup } from '@/features/auth/api/signup';
import { useForm } from '@/features/auth/hooks/use-form';
import { useSubmission } from '@/features/auth/hooks/use-submission';
import { FormError } from '@/features/auth/components/form-messages';
import { SubmitButton } from '@/features/auth/components/submit-button';
import { TextField } from '@/features/auth/components/text-field';
import { ContinueWith } from '@/features/auth/components/continue-with';
import { rememberSignupNotice } from '@/features/auth/lib/signup-notice';

/** 'New User' (SPEC §2): signing up also logs the user in. */
export function SignupForm({ onSignedUp }: { onSignedUp: (result: LoginResult) => void }) {
  const headingId = useId();
  const form = useForm(signupFormSchema, { Name: '', Email: '', Password: '', ConfirmPassword: '' });
  const { submission, submit } = useSubmission(signup);

  const onSubmit = form.handleSubmit(async ({ Name, Email, Password }) => {
    const result = await submit({ Name, Email, Password });
    if (!result) return;
    rememberSignupNotice(Email.trim());
    onSignedUp(result);
  });

  return (
    <section className="card auth-card">
      <h2 id={headingId}>New User</h2>
      <form aria-labelledby={headingId} noValidate onSubmit={onSubmit}>
        <TextField label="Name" autoComplete="name" {...form.textField('Name')} />
        <TextField label="Email" type="email" autoComplete="email" {...form.textField('Email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={`${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters.`}
          {...form.textField('Password')}
        />
        <TextField label="Confirm Password" type="password" autoComplete="new-password" {...form.textField('ConfirmPassword')} />
        <SubmitButton label="Sign Up" pending={submission.status === 'pending'} />
        <FormError message={submission.status === 'failed' ? submission.errorMessage : undefined} />
        <ContinueWith />
      </form>
    </section>
  );
}
