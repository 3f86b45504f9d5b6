import { PageHeading } from '../../components/page-heading';

/** Ask or update a question (optional query id). Screen content is built by the feature's owner; this is the routed placeholder. */
export function QuestionAskPage() {
  return <PageHeading title="Ask a Question" />;
}
