import { PostViewPage } from '../post-view';

/** Question view (SPEC §2), route question/{id}/{title}: the article layout without description and source. */
export function QuestionViewPage() {
  return <PostViewPage kind="question" />;
}
