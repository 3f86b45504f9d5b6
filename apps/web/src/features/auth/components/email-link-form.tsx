import type { z } from 'zod';
import { useForm } from '@/features/auth/hooks/use-form';
import { useSubmission } from '@/features/auth/hooks/use-submission';
import { FormError, FormSuccess } from '@/features/auth/components/form-messages';
import { SubmitButton } from '@/features/auth/components/submit-button';
import { TextField } from '@/features/auth/components/text-field';

interface Props {
  schema: z.ZodType<{ Email: string }>;
  /** Asks for the link; the server answers the same message whether or not the e-mail is known. */
  send: (request: { Email: string }) => Promise<string>;
}

/** The e-mail form behind 'forgot password' and 'resend confirmation e-mail' (SPEC §2). */
export function EmailLinkForm({ schema, send }: Props) {
  const form = useForm(schema, { Email: '' });
  const { submission, submit } = useSubmission(send);

  if (submission.status === 'succeeded') return <FormSuccess message={submission.result} />;
  return (
    <form noValidate onSubmit={form.handleSubmit((request) => submit(request))}>
      <TextField label="Email" type="email" autoComplete="email" {...form.textField('Email')} />
      <SubmitButton label="Send" pending={submission.status === 'pending'} />
      <FormError message={submission.status === 'failed' ? submission.errorMessage : undefined} />
    </form>
  );
}
