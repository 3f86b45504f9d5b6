import { Link } from 'react-router-dom';
import { resetPasswordFormSchema } from '@app/contracts';
import { accountApi } from '../api/account-api';
import { useForm } from '../hooks/use-form';
import { useSubmission } from '../hooks/use-submission';
import type { CredentialLink } from '../lib/credential-link';
import { FormError, FormSuccess } from './form-messages';
import { SubmitButton } from './submit-button';
import { TextField } from './text-field';

/** A new password for the account the e-mailed link names; on success, the way back to login. */
export function ResetPasswordForm({ link }: { link: CredentialLink }) {
  const form = useForm(resetPasswordFormSchema, { password: '', confirmPassword: '' });
  const { submission, submit } = useSubmission(accountApi.resetPassword);

  if (submission.status === 'succeeded') {
    return (
      <>
        <FormSuccess message={submission.result} />
        <p>
          <Link to="/login">Login</Link> with your new password.
        </p>
      </>
    );
  }
  return (
    <form noValidate onSubmit={form.handleSubmit(({ password }) => submit({ ...link, NewPassword: password }))}>
      <TextField label="New Password" type="password" autoComplete="new-password" {...form.textField('password')} />
      <TextField label="Confirm Password" type="password" autoComplete="new-password" {...form.textField('confirmPassword')} />
      <SubmitButton label="Reset Password" pending={submission.status === 'pending'} />
      <FormError message={submission.status === 'failed' ? submission.errorMessage : undefined} />
    </form>
  );
}
