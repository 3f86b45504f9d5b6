import { PageHeading } from '../../components/page-heading';

/** Confirms the e-mail on load (query: uname, created, expire, hash). Screen content is built by the feature's owner; this is the routed placeholder. */
export function ConfirmEmailPage() {
  return <PageHeading title="Confirm Email" />;
}
