import { COMMENT_NOT_FOUND } from '../comment/errors';
import type { DomainEvent } from '../shared/decider';
import { notFound, validationError } from '../shared/errors';
import { requireOwnerOrAdmin, type Actor } from './authorization';

/**
 * Issue 27: a question's author (or an admin) marks the comment that answered it. Any comment on
 * THAT question may be accepted, a reply as well as a top-level one (on this site answers are
 * comments, and a good answer is sometimes a reply), as long as it is live and approved.
 */
export const ANSWER_NOT_ON_QUESTION = 'The accepted answer must be a comment on this question.';

/** The comment as the handler read it from its own stream's read model; null when there is none. */
export interface AnswerCandidate {
  id: number;
  postKind: string;
  postId: number;
  authorId: string;
  deleted: boolean;
  isApproved: boolean;
}

/** `comment: null` clears the accepted answer; `commentId` is what the caller asked for (for the message). */
export interface AcceptAnswer {
  type: 'AcceptAnswer';
  id: number;
  actor: Actor;
  commentId: number | null;
  comment: AnswerCandidate | null;
  now: Date;
}

/**
 * The policy 'a deleted comment is no longer the accepted answer': run on the question's stream
 * after the comment's deletion was committed (by whoever could delete the comment, so no owner
 * check). Clears the accepted answer when it is that comment; anything else changes nothing.
 */
export interface ClearDeletedAnswer {
  type: 'ClearDeletedAnswer';
  id: number;
  commentId: number;
  now: Date;
}

export type AnswerAccepted = DomainEvent<'QuestionAnswerAccepted', { commentId: number; commentAuthorId: string; at: string }>;
/** `deletedCommentId`: set when the clear followed the accepted comment's deletion (absent when its author or an admin cleared it). */
export type AcceptedAnswerCleared = DomainEvent<'QuestionAcceptedAnswerCleared', { at: string; deletedCommentId?: number }>;
export type AcceptedAnswerEvent = AnswerAccepted | AcceptedAnswerCleared;

export const ACCEPTED_ANSWER_EVENTS: AcceptedAnswerEvent['type'][] = ['QuestionAnswerAccepted', 'QuestionAcceptedAnswerCleared'];

export const isAcceptedAnswerEvent = (type: string): type is AcceptedAnswerEvent['type'] =>
  (ACCEPTED_ANSWER_EVENTS as string[]).includes(type);

/** The events of an accept or clear on a live, visible question; `accepted` is the current accepted comment id. */
export function decideAcceptAnswer(
  command: AcceptAnswer,
  question: { id: number; authorId: string; acceptedCommentId?: number },
  at: string,
): AcceptedAnswerEvent[] {
  requireOwnerOrAdmin(command.actor, question.authorId);
  if (command.commentId === null) {
    return question.acceptedCommentId === undefined ? [] : [{ type: 'QuestionAcceptedAnswerCleared', data: { at } }];
  }
  const { comment } = command;
  if (!comment || comment.deleted || !comment.isApproved) throw notFound(COMMENT_NOT_FOUND);
  if (comment.postKind !== 'question' || comment.postId !== question.id) throw validationError(ANSWER_NOT_ON_QUESTION);
  if (question.acceptedCommentId === comment.id) return [];
  return [{ type: 'QuestionAnswerAccepted', data: { commentId: comment.id, commentAuthorId: comment.authorId, at } }];
}

/** The events of the deleted-answer policy: a clear only when the deleted comment is the accepted one. */
export function decideClearDeletedAnswer(
  command: ClearDeletedAnswer,
  question: { acceptedCommentId?: number } | null,
): AcceptedAnswerEvent[] {
  if (question?.acceptedCommentId !== command.commentId) return [];
  return [{ type: 'QuestionAcceptedAnswerCleared', data: { at: command.now.toISOString(), deletedCommentId: command.commentId } }];
}
