import { PageHeading } from '@/components/page-heading';

/** User profile (route parameter userName). Screen content is built by the feature's owner; this is the routed placeholder. */
export function ProfilePage() {
  return <PageHeading title="Profile" />;
}
