import { forgotPasswordRequestSchema } from '@app/contracts';
import { PageHeading } from '@/components/page-heading';
import { forgotPassword } from '@/features/auth/api/forgot-password';
import { EmailLinkForm } from '@/features/auth/components/email-link-form';
import './auth.css';

/** Enter an e-mail to receive a reset link (SPEC §2); also opened in a small window from the login form. */
export function ForgotPasswordPage() {
  return (
    <section className="card auth-screen">
      <PageHeading title="Forgot Password" />
      <p className="muted">Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
      <EmailLinkForm schema={forgotPasswordRequestSchema} send={forgotPassword} />
    </section>
  );
}
