import type { DomainEvent } from '../shared/decider';
import type { PostTag } from '../posts/post-fields';

/** What an author writes; `content` is sanitized html by the time it is in an event. */
export interface ArticleFields {
  title: string;
  description: string;
  categoryId: number;
  tags: PostTag[];
  content: string;
  source: string;
  instructions: string;
}

/** `at` is an ISO-8601 instant. */
export type ArticleDrafted = DomainEvent<
  'ArticleDrafted',
  ArticleFields & { id: number; authorId: string; isApproved: boolean; at: string }
>;
/** Carries every editable field, not only the changed ones. */
export type ArticleEdited = DomainEvent<'ArticleEdited', ArticleFields & { at: string }>;
export type ArticlePublished = DomainEvent<'ArticlePublished', { at: string }>;
export type ArticleUnpublished = DomainEvent<'ArticleUnpublished', { at: string }>;
export type ArticleApproved = DomainEvent<'ArticleApproved', { at: string }>;
/** By an admin, or (`reason: 'edited'`) by the author's edit of an approved article under pre-moderation: it waits for approval again. */
export type ArticleUnapproved = DomainEvent<'ArticleUnapproved', { at: string; reason?: 'edited' }>;
export type ArticleDeleted = DomainEvent<'ArticleDeleted', { at: string }>;
/** `fileId` is -1 when the author clears the choice. */
export type ArticleDefaultImageChosen = DomainEvent<'ArticleDefaultImageChosen', { fileId: number; at: string }>;

export type ArticleEvent =
  | ArticleDrafted
  | ArticleEdited
  | ArticlePublished
  | ArticleUnpublished
  | ArticleApproved
  | ArticleUnapproved
  | ArticleDeleted
  | ArticleDefaultImageChosen;

export type ArticleEventType = ArticleEvent['type'];

export const articleStreamName = (id: number) => `article-${id}`;
