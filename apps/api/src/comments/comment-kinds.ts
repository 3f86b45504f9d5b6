import type { PostKind } from '@app/domain';
import type { ReadModelName } from '@app/projections';

/** What differs between article and question comments on the wire: described once, one controller and handlers over it. */
export const COMMENT_ROUTES = {
  article: { route: 'ArticleComment', postRoute: 'Article' },
  question: { route: 'QuestionComment', postRoute: 'Question' },
} as const satisfies Record<PostKind, { route: string; postRoute: string }>;

/**
 * The read models the comment grid reads next (and the post's moderation history): a comment
 * write answers only once they show it.
 */
export const COMMENT_READ_MODELS = ['comments', 'moderation-log'] as const satisfies readonly ReadModelName[];
