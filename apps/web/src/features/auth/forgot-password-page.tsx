import { PageHeading } from '../../components/page-heading';

/** Enter an e-mail to receive a reset link. Screen content is built by the feature's owner; this is the routed placeholder. */
export function ForgotPasswordPage() {
  return <PageHeading title="Forgot Password" />;
}
