import { AttachmentType, POST_MESSAGES } from '@app/contracts';
import type { Decider } from '../shared/decider';
import { conflict, notFound, validationError } from '../shared/errors';
import { requireAdmin, requireOwnerOrAdmin } from '../posts/authorization';
import { editNeedsReapproval, initialApproval } from '../posts/moderation';
import { POST_KINDS, type PostKind } from '../posts/post-kinds';
import { sanitizeRequiredRichText } from '../posts/sanitize-rich-text';
import type { AddComment, ApproveComment, CommentCommand, DeleteComment, EditComment } from './commands';
import { ATTACHED_FILE_INVALID, COMMENT_ALREADY_EXISTS, COMMENT_NOT_FOUND, REPLIED_COMMENT_NOT_FOUND, REPLY_TO_OTHER_POST } from './errors';
import { TOP_LEVEL_PARENT_ID, type CommentAddedData, type CommentEvent } from './events';
import { mentionsOf } from '../mention/mentions';
import { isCommentVisibleTo } from './visibility';

const COMMENT_EVENT_TYPES: ReadonlySet<string> = new Set<CommentEvent['type']>([
  'CommentAdded',
  'CommentEdited',
  'CommentApproved',
  'CommentUnapproved',
  'CommentDeleted',
]);

/** A comment as its stream tells it: as added, with its latest content and approval. */
export interface CommentRecord extends Omit<CommentAddedData, 'id' | 'at' | 'mentionIds'> {
  createdOn: string;
  updatedOn: string | null;
}

/** Nothing yet; a comment commands may address; a deleted comment (404 for every command, kept for its history). */
export type CommentState =
  { status: 'initial' } | { status: 'live'; comment: CommentRecord } | { status: 'deleted'; comment: CommentRecord };

export const initialCommentState: CommentState = { status: 'initial' };

const isPositiveInteger = (value: number) => Number.isSafeInteger(value) && value > 0;

/** Sanitized like posts; an editor left empty (or holding only markup) is refused with the SPEC §5 message. */
function checkContent(html: string): string {
  const content = sanitizeRequiredRichText(html);
  if (content === null) throw validationError(POST_MESSAGES.contentRequired);
  return content;
}

/** SPEC §3: article comment images are attachment type 6, question comment images type 7. */
export const COMMENT_IMAGE_TYPE = {
  article: AttachmentType.ArticleCommentImageAttachment,
  question: AttachmentType.QuestionCommentImageAttachment,
} as const satisfies Record<PostKind, number>;

/** Only the commenter's own, live comment images of this post kind: they are deleted with the comment. */
function checkAttachedImages({ attachedFileIds, attachedFiles, actor, postKind }: AddComment): void {
  if (attachedFileIds.length !== attachedFiles.length) throw validationError(ATTACHED_FILE_INVALID);
  attachedFileIds.forEach((id, index) => {
    const image = attachedFiles[index];
    const valid =
      isPositiveInteger(id) &&
      image !== null &&
      image.id === id &&
      !image.deleted &&
      image.uploaderId === actor.accountId &&
      image.attachmentTypeId === COMMENT_IMAGE_TYPE[postKind];
    if (!valid) throw validationError(ATTACHED_FILE_INVALID);
  });
}

/** The comment exists, is not deleted, and belongs to a post of the route's kind. */
function requireComment(state: CommentState, postKind: PostKind): CommentRecord {
  if (state.status !== 'live' || state.comment.postKind !== postKind) throw notFound(COMMENT_NOT_FOUND);
  return state.comment;
}

/** The comment and its post are visible to the actor: a hidden one is 404 as an unknown one, before any 403. */
function requireSeenComment(command: EditComment | ApproveComment | DeleteComment, state: CommentState): CommentRecord {
  const comment = requireComment(state, command.postKind);
  if (!command.postVisibleToActor || !isCommentVisibleTo({ ...comment, deleted: false }, command.actor)) throw notFound(COMMENT_NOT_FOUND);
  return comment;
}

function add(command: AddComment, state: CommentState): CommentEvent[] {
  if (state.status !== 'initial') throw conflict(COMMENT_ALREADY_EXISTS); // ids come from the server: an id collision
  const { post, parent, parentId, postKind, postId } = command;
  // One answer for a post that does not exist, is deleted, or is hidden from the commenter: it is not there for them.
  if (!post || post.kind !== postKind || post.id !== postId || !post.visibleToActor) throw notFound(POST_KINDS[postKind].notFound);
  if (parentId !== TOP_LEVEL_PARENT_ID) {
    if (!isPositiveInteger(parentId) || !parent || parent.deleted) throw notFound(REPLIED_COMMENT_NOT_FOUND);
    if (parent.postKind !== postKind || parent.postId !== postId) throw validationError(REPLY_TO_OTHER_POST);
  }
  checkAttachedImages(command);
  const content = checkContent(command.content);
  return [
    {
      type: 'CommentAdded',
      data: {
        id: command.id,
        postKind,
        postId,
        parentId,
        authorId: command.actor.accountId,
        content,
        attachedFiles: [...new Set(command.attachedFileIds)],
        isApproved: initialApproval(command.moderation),
        at: command.now.toISOString(),
        ...mentionsOf(command.actor.accountId, command.mentionIds),
      },
    },
  ];
}

function edit(command: EditComment, state: CommentState): CommentEvent[] {
  const comment = requireSeenComment(command, state);
  requireOwnerOrAdmin(command.actor, comment.authorId);
  const content = checkContent(command.content);
  if (content === comment.content) return [];
  const at = command.now.toISOString();
  const events: CommentEvent[] = [{ type: 'CommentEdited', data: { content, at, ...mentionsOf(comment.authorId, command.mentionIds) } }];
  // Else approval could be had for one text and used for another (as for posts).
  if (editNeedsReapproval(command.moderation, command.actor, comment.isApproved, true))
    events.push({ type: 'CommentUnapproved', data: { at, reason: 'edited', postId: comment.postId } });
  return events;
}

function approve(command: ApproveComment, state: CommentState): CommentEvent[] {
  const comment = requireSeenComment(command, state);
  requireAdmin(command.actor);
  if (command.isApproved === comment.isApproved) return [];
  return [
    { type: command.isApproved ? 'CommentApproved' : 'CommentUnapproved', data: { at: command.now.toISOString(), postId: comment.postId } },
  ];
}

function remove(command: DeleteComment, state: CommentState): CommentEvent[] {
  const comment = requireSeenComment(command, state);
  requireOwnerOrAdmin(command.actor, comment.authorId);
  return [{ type: 'CommentDeleted', data: { at: command.now.toISOString(), postId: comment.postId } }];
}

function decide(command: CommentCommand, state: CommentState): CommentEvent[] {
  switch (command.type) {
    case 'AddComment':
      return add(command, state);
    case 'EditComment':
      return edit(command, state);
    case 'ApproveComment':
      return approve(command, state);
    case 'DeleteComment':
      return remove(command, state);
    default: {
      const _exhaustive: never = command;
      throw new Error(`Unknown comment command ${JSON.stringify(_exhaustive)}`);
    }
  }
}

function evolve(state: CommentState, event: CommentEvent): CommentState {
  // The comment's stream also holds its flags (issue 27): they change nothing the comment rules read.
  if (!COMMENT_EVENT_TYPES.has(event.type)) return state;
  if (event.type === 'CommentAdded') {
    const { postKind, postId, parentId, authorId, content, attachedFiles, isApproved, at } = event.data;
    return {
      status: 'live',
      comment: { postKind, postId, parentId, authorId, content, attachedFiles, isApproved, createdOn: at, updatedOn: null },
    };
  }
  if (state.status !== 'live') return state;
  const { comment } = state;
  switch (event.type) {
    case 'CommentEdited':
      return { status: 'live', comment: { ...comment, content: event.data.content, updatedOn: event.data.at } };
    case 'CommentApproved':
      return { status: 'live', comment: { ...comment, isApproved: true } };
    case 'CommentUnapproved':
      return { status: 'live', comment: { ...comment, isApproved: false } };
    case 'CommentDeleted':
      return { status: 'deleted', comment };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/** The comment as the visibility rule (and a reply or a like) needs it; null when it was never added. */
export function commentOf(state: CommentState): (CommentRecord & { deleted: boolean }) | null {
  return state.status === 'initial' ? null : { ...state.comment, deleted: state.status === 'deleted' };
}

/** One decider for article and question comments: the post kind is data of the comment, not a second type. */
export const commentDecider: Decider<CommentState, CommentCommand, CommentEvent> = {
  initialState: initialCommentState,
  evolve,
  decide,
};
