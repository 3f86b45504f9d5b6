import { PageHeading } from '../../components/page-heading';

/** Question view (route parameter id). Screen content is built by the feature's owner; this is the routed placeholder. */
export function QuestionViewPage() {
  return <PageHeading title="Question" />;
}
