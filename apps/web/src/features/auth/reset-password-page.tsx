import { PageHeading } from '../../components/page-heading';

/** Set a new password (query: uname, created, expire, hash). Screen content is built by the feature's owner; this is the routed placeholder. */
export function ResetPasswordPage() {
  return <PageHeading title="Reset Password" />;
}
