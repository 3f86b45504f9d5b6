import { PageHeading } from '../../components/page-heading';

/** Login and signup side by side (SPEC §2 Login and signup). Screen content is built by the feature's owner; this is the routed placeholder. */
export function LoginPage() {
  return <PageHeading title="Login" />;
}
