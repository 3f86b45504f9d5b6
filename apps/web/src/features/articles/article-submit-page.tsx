import { PageHeading } from '../../components/page-heading';

/** Submit or update an article (optional query id). Screen content is built by the feature's owner; this is the routed placeholder. */
export function ArticleSubmitPage() {
  return <PageHeading title="Submit an Article" />;
}
