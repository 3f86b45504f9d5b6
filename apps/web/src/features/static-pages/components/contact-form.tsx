import { useState, type FormEvent } from 'react';
import { CONTACT_LIMITS, CONTACT_MESSAGES, contactRequestSchema, firstErrors, type ContactRequest } from '@app/contracts';
import { FormField } from '@/components/form-field';
import { messageOf } from '@/lib/message-of';
import { useSendContactMessage } from '@/features/static-pages/api/send-contact-message';

const EMPTY: ContactRequest = { name: '', email: '', message: '' };

/** The Contact Me form: checked as the server checks it (the same schema), then mailed to the owner. */
export function ContactForm() {
  const [values, setValues] = useState<ContactRequest>(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const sending = useSendContactMessage();
  const errors = submitted ? firstErrors(contactRequestSchema, values) : {};

  const change = (field: keyof ContactRequest) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const parsed = contactRequestSchema.safeParse(values);
    if (parsed.success) sending.mutate(parsed.data);
  };

  if (sending.isSuccess)
    return (
      <p className="form-success" role="status">
        {CONTACT_MESSAGES.sent}
      </p>
    );
  return (
    <form className="contact-form" noValidate onSubmit={submit} aria-label="Contact form">
      <FormField label="Your name" error={errors.name}>
        {(control) => (
          <input {...control} autoComplete="name" maxLength={CONTACT_LIMITS.name} value={values.name} onChange={change('name')} />
        )}
      </FormField>
      <FormField label="Your e-mail" error={errors.email}>
        {(control) => <input {...control} type="email" autoComplete="email" value={values.email} onChange={change('email')} />}
      </FormField>
      <FormField label="Message" error={errors.message}>
        {(control) => (
          <textarea {...control} rows={6} maxLength={CONTACT_LIMITS.message} value={values.message} onChange={change('message')} />
        )}
      </FormField>
      <button type="submit" className="button button-primary" disabled={sending.isPending} aria-busy={sending.isPending || undefined}>
        Send message
      </button>
      {sending.isError && (
        <p className="form-error" role="alert">
          {messageOf(sending.error)}
        </p>
      )}
    </form>
  );
}
