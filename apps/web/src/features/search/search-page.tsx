import { PageHeading } from '@/components/page-heading';

/** Public search page. Screen content is built by the feature's owner; this is the routed placeholder. */
export function SearchPage() {
  return <PageHeading title="Search" />;
}
