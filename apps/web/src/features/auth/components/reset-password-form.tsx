import { Link } from 'react-router-dom';
import { resetPasswordFormSchema } from '@app/contracts';
import { resetPassword } from '@/features/auth/api/reset-password';
import { useForm } from '@/features/auth/hooks/use-form';
import { useSubmission } from '@/features/auth/hooks/use-submission';
import type { CredentialLink } from '@/features/auth/lib/credential-link';
import { FormError, FormSuccess } from '@/features/auth/components/form-messages';
import { SubmitButton } from '@/features/auth/components/submit-button';
import { TextField } from '@/features/auth/components/text-field';
import { paths } from '@/config/paths';

/** A new password for the account the e-mailed link names; on success, the way back to login. */
export function ResetPasswordForm({ link }: { link: CredentialLink }) {
  const form = useForm(resetPasswordFormSchema, { password: '', confirmPassword: '' });
  const { submission, submit } = useSubmission(resetPassword);

  if (submission.status === 'succeeded') {
    return (
      <>
        <FormSuccess message={submission.result} />
        <p>
          <Link to={paths.auth.login.getHref()}>Login</Link> with your new password.
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
