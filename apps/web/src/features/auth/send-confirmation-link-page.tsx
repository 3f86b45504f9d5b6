import { PageHeading } from '../../components/page-heading';

/** Enter an e-mail to receive a confirmation link. Screen content is built by the feature's owner; this is the routed placeholder. */
export function SendConfirmationLinkPage() {
  return <PageHeading title="Send Email Confirmation Link" />;
}
