import type { DomainEvent } from '../shared/decider';
import type { PostTag } from '../posts/post-fields';

/** What an author writes; `content` is sanitized html by the time it is in an event. */
export interface QuestionFields {
  title: string;
  categoryId: number;
  tags: PostTag[];
  content: string;
}

/** Questions have no draft state: asked means visible (subject to approval). `at` is ISO-8601. */
export type QuestionAsked = DomainEvent<
  'QuestionAsked',
  QuestionFields & { id: number; authorId: string; isApproved: boolean; at: string }
>;
/** Carries every editable field, not only the changed ones. */
export type QuestionEdited = DomainEvent<'QuestionEdited', QuestionFields & { at: string }>;
export type QuestionApproved = DomainEvent<'QuestionApproved', { at: string }>;
/** By an admin, or (`reason: 'edited'`) by the author's edit of an approved question under pre-moderation: it waits for approval again. */
export type QuestionUnapproved = DomainEvent<'QuestionUnapproved', { at: string; reason?: 'edited' }>;
export type QuestionDeleted = DomainEvent<'QuestionDeleted', { at: string }>;
/** `fileId` is -1 when the author clears the choice. */
export type QuestionDefaultImageChosen = DomainEvent<'QuestionDefaultImageChosen', { fileId: number; at: string }>;

export type QuestionEvent =
  QuestionAsked | QuestionEdited | QuestionApproved | QuestionUnapproved | QuestionDeleted | QuestionDefaultImageChosen;

export type QuestionEventType = QuestionEvent['type'];

export const questionStreamName = (id: number) => `question-${id}`;
