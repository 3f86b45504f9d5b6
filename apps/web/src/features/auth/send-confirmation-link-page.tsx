import { sendConfirmEmailLinkRequestSchema } from '@app/contracts';
import { PageHeading } from '@/components/page-heading';
import { sendConfirmEmailLink } from '@/features/auth/api/send-confirm-email-link';
import { EmailLinkForm } from '@/features/auth/components/email-link-form';
import './auth.css';

/** Enter an e-mail to receive a new confirmation link (SPEC §2); opened in a small window from the login form. */
export function SendConfirmationLinkPage() {
  return (
    <section className="card auth-screen">
      <PageHeading title="Send Email Confirmation Link" />
      <p className="muted">Enter the e-mail address you signed up with and we will send you a new confirmation link.</p>
      <EmailLinkForm schema={sendConfirmEmailLinkRequestSchema} send={sendConfirmEmailLink} />
    </section>
  );
}
