import { ARTICLE_NOT_FOUND, articleStreamName, QUESTION_NOT_FOUND, questionStreamName } from '@app/domain';

export type PostKind = 'article' | 'question';

/** What differs between articles and questions outside their deciders. */
export const POST_KINDS = {
  article: { entityType: 1, label: 'Article', streamName: articleStreamName, notFound: ARTICLE_NOT_FOUND },
  question: { entityType: 2, label: 'Question', streamName: questionStreamName, notFound: QUESTION_NOT_FOUND },
} as const satisfies Record<PostKind, { entityType: 1 | 2; label: string; streamName: (id: number) => string; notFound: string }>;

/** SPEC §3 entity type of a post (1 article, 2 question); undefined for any other number. */
export const postKindOf = (entityType: number): PostKind | undefined =>
  entityType === POST_KINDS.article.entityType ? 'article' : entityType === POST_KINDS.question.entityType ? 'question' : undefined;

/**
 * The read models a post's next screen reads (home, the post page, the moderation history):
 * a write answers only once they show it.
 */
export const POST_READ_MODELS = ['home', 'post-view', 'moderation-log'] as const;
