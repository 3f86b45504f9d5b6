import { PageHeading } from '../../components/page-heading';

/** Article view (route parameter id). Screen content is built by the feature's owner; this is the routed placeholder. */
export function ArticleViewPage() {
  return <PageHeading title="Article" />;
}
