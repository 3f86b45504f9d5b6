import { PageHeading } from '../../components/page-heading';

/** Admin search across all posts. Screen content is built by the feature's owner; this is the routed placeholder. */
export function AdminPage() {
  return <PageHeading title="Admin Panel" />;
}
