import type { DomainEvent } from '../shared/decider';
import type { PostKind } from '../posts/post-kinds';

/** A top-level comment's `parentId`; a reply carries the id of the comment it answers. */
export const TOP_LEVEL_PARENT_ID = -1;

/** `content` is sanitized html; `attachedFiles` are the ids of the comment's images (attachment types 6, 7). */
export interface CommentAddedData {
  id: number;
  postKind: PostKind;
  postId: number;
  parentId: number;
  /** The author's opaque account id. */
  authorId: string;
  content: string;
  attachedFiles: number[];
  isApproved: boolean;
  at: string;
  /** The accounts `@name` mentions, resolved by the command (user names are personal data); absent when none. */
  mentionIds?: string[];
}

export type CommentAdded = DomainEvent<'CommentAdded', CommentAddedData>;
/** `mentionIds`: every account the edited text mentions (absent when none); the inbox notifies only the new ones. */
export type CommentEdited = DomainEvent<'CommentEdited', { content: string; at: string; mentionIds?: string[] }>;
/**
 * `postId`: the comment's post, so a read model keyed by post (the search index's answers) finds it
 * without a comment-to-post map of its own. Absent in events recorded before issue 27.
 */
export type CommentApproved = DomainEvent<'CommentApproved', { at: string; postId?: number }>;
export type CommentUnapproved = DomainEvent<'CommentUnapproved', { at: string; reason?: 'edited' | 'flagged'; postId?: number }>;
export type CommentDeleted = DomainEvent<'CommentDeleted', { at: string; postId?: number }>;

export type CommentEvent = CommentAdded | CommentEdited | CommentApproved | CommentUnapproved | CommentDeleted;
export type CommentEventType = CommentEvent['type'];

export const COMMENT_STREAM_PREFIX = 'comment-';
/** Article and question comments share one id space (the time-ordered post ids), so one stream name. */
export const commentStreamName = (id: number) => `${COMMENT_STREAM_PREFIX}${id}`;
