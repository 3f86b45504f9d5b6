import { PostViewPage } from '../post-view';

/** Article view (SPEC §2), route article/{id}/{title}. */
export function ArticleViewPage() {
  return <PostViewPage kind="article" />;
}
