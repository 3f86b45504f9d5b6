import type { DomainEvent } from '../shared/decider';
import type { PostTag } from './post-fields';

/** What a question's author writes; `content` is sanitized html by the time it is in an event. */
export interface QuestionFields {
  title: string;
  categoryId: number;
  tags: PostTag[];
  content: string;
}

/** What an article's author writes: a question's fields and three more. */
export interface ArticleFields extends QuestionFields {
  description: string;
  source: string;
  instructions: string;
}

/** The fields of either kind (the post kind's `checkFields` keeps only its own). */
export type PostFields = QuestionFields & Partial<Omit<ArticleFields, keyof QuestionFields>>;

/**
 * The first event of a post. `at` is an ISO-8601 instant. `isPublished` is absent unless a
 * question is asked as a draft: without it the event means what it always meant (an article
 * drafted, a question asked and visible), so stored logs fold unchanged.
 */
type CreatedData<Fields> = Fields & { id: number; authorId: string; isApproved: boolean; at: string; isPublished?: false } & Mentions;

/**
 * The accounts the text mentions (`@name`), resolved by the command since user names are personal
 * data; absent when none. Not a field of the post: folds that copy fields leave it out.
 */
export interface Mentions {
  mentionIds?: string[];
}

/**
 * One post kind's events, their names kept as stored logs have them (`ArticleDrafted`,
 * `QuestionAsked`, ...). Edits carry every editable field, not only the changed ones; an
 * unapproval with `reason: 'edited'` is the author's edit under pre-moderation; a default image's
 * `fileId` is -1 when the author clears the choice.
 */
type PostEventsOf<Kind extends string, Created extends string, Fields> =
  | DomainEvent<Created, CreatedData<Fields>>
  | DomainEvent<`${Kind}Edited`, Fields & { at: string } & Mentions>
  | DomainEvent<`${Kind}Published` | `${Kind}Unpublished` | `${Kind}Approved` | `${Kind}Deleted`, { at: string }>
  | DomainEvent<`${Kind}Unapproved`, { at: string; reason?: 'edited' | 'flagged' }>
  | DomainEvent<`${Kind}DefaultImageChosen`, { fileId: number; at: string }>;

export type ArticleEvent = PostEventsOf<'Article', 'ArticleDrafted', ArticleFields>;
export type QuestionEvent = PostEventsOf<'Question', 'QuestionAsked', QuestionFields>;
export type PostEvent = ArticleEvent | QuestionEvent;
export type ArticleEventType = ArticleEvent['type'];
export type QuestionEventType = QuestionEvent['type'];

/** What an event does to its post, whatever the kind (the post kind maps each role to its event name). */
export type PostEventRole =
  'created' | 'edited' | 'published' | 'unpublished' | 'approved' | 'unapproved' | 'deleted' | 'defaultImageChosen';

/** The data of each role's event. */
export interface PostEventData {
  created: CreatedData<PostFields>;
  edited: PostFields & { at: string } & Mentions;
  published: { at: string };
  unpublished: { at: string };
  approved: { at: string };
  unapproved: { at: string; reason?: 'edited' | 'flagged' };
  deleted: { at: string };
  defaultImageChosen: { fileId: number; at: string };
}

export const articleStreamName = (id: number) => `article-${id}`;
export const questionStreamName = (id: number) => `question-${id}`;
