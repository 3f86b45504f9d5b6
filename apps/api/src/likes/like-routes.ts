import type { LikeTarget } from '@app/domain';
import type { ReadModelName } from '@app/projections';

/** The API resource of each likeable target: PUT /api/{route}/Like, GET /api/{route}/Likes/Users/{id}. */
export const LIKE_ROUTES = {
  article: 'Article',
  question: 'Question',
  articleComment: 'ArticleComment',
  questionComment: 'QuestionComment',
} as const satisfies Record<LikeTarget, string>;

/** What a like changes: the likers list and the counts the SPA reads next. */
export const LIKE_READ_MODELS = ['likes', 'home', 'post-view', 'comments', 'search'] as const satisfies readonly ReadModelName[];
