import { EntityType } from '@app/contracts';
import { ARTICLE_NOT_FOUND } from '../article/errors';
import { articleStreamName } from '../article/events';
import { QUESTION_NOT_FOUND } from '../question/errors';
import { questionStreamName } from '../question/events';

export type PostKind = 'article' | 'question';

/** SPEC §3 entity type of a post (the wire's `EntityType.Article` or `EntityType.Question`). */
export type PostEntityType = (typeof EntityType)['Article' | 'Question'];

export interface PostKindDescription {
  entityType: PostEntityType;
  label: string;
  streamName: (id: number) => string;
  notFound: string;
}

/** What differs between articles and questions outside their deciders: described once, used by the API and the projections. */
export const POST_KINDS = {
  article: { entityType: EntityType.Article, label: 'Article', streamName: articleStreamName, notFound: ARTICLE_NOT_FOUND },
  question: { entityType: EntityType.Question, label: 'Question', streamName: questionStreamName, notFound: QUESTION_NOT_FOUND },
} as const satisfies Record<PostKind, PostKindDescription>;

/** The post kind of an entity type (1 article, 2 question); undefined for any other number. */
export const postKindOf = (entityType: number): PostKind | undefined =>
  entityType === POST_KINDS.article.entityType ? 'article' : entityType === POST_KINDS.question.entityType ? 'question' : undefined;
