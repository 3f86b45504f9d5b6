import type { Actor } from '../posts/authorization';
import type { ModerationMode } from '../posts/moderation';
import type { QuestionFields } from './events';

/** `id` comes from the post id generator. */
export interface AskQuestion {
  type: 'AskQuestion';
  id: number;
  actor: Actor;
  fields: QuestionFields;
  defaultImageId?: number;
  moderation: ModerationMode;
  now: Date;
}

/** One save of the ask page: edits fields and picks the default image. */
export interface EditQuestion {
  type: 'EditQuestion';
  id: number;
  actor: Actor;
  fields: QuestionFields;
  defaultImageId: number;
  /** Under `pre`, an author's edit of an approved question sends it back for approval. */
  moderation: ModerationMode;
  now: Date;
}

/** A file or image was uploaded to the question (recorded in its own stream): under `pre`, an author's sends it back for approval. */
export interface AttachQuestionFile {
  type: 'AttachQuestionFile';
  id: number;
  actor: Actor;
  moderation: ModerationMode;
  now: Date;
}

export interface ApproveQuestion {
  type: 'ApproveQuestion';
  id: number;
  actor: Actor;
  isApproved: boolean;
  now: Date;
}

export interface DeleteQuestion {
  type: 'DeleteQuestion';
  id: number;
  actor: Actor;
  now: Date;
}

export type QuestionCommand = AskQuestion | EditQuestion | AttachQuestionFile | ApproveQuestion | DeleteQuestion;
