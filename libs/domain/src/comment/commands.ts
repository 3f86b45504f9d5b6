import type { Actor } from '../posts/authorization';
import type { ModerationMode } from '../posts/moderation';
import type { PostKind } from '../posts/post-kinds';

/**
 * The post a new comment goes under, as the post's own stream knows it now (the API loads it);
 * null when no such post was ever created. `visibleToActor`: not deleted, and published and
 * approved unless the commenter is its author or an admin (the same rule as reading it).
 */
export interface CommentedPost {
  kind: PostKind;
  id: number;
  visibleToActor: boolean;
}

/** The comment a reply answers, as its stream knows it; null when it does not exist. */
export interface RepliedComment {
  postKind: PostKind;
  postId: number;
  deleted: boolean;
}

/** An image the client attached to a new comment, as the file's stream knows it; null when no such file. */
export interface AttachedCommentImage {
  id: number;
  uploaderId: string;
  attachmentTypeId: number;
  deleted: boolean;
}

export interface AddComment {
  type: 'AddComment';
  id: number;
  actor: Actor;
  post: CommentedPost | null;
  /** What the client asked for: the kind of the route, and the post id of the body. */
  postKind: PostKind;
  postId: number;
  parentId: number;
  parent: RepliedComment | null;
  content: string;
  /** One entry per id the client sent, in its order; null for an id that names no file. */
  attachedFiles: readonly (AttachedCommentImage | null)[];
  attachedFileIds: readonly number[];
  moderation: ModerationMode;
  /** The accounts the content mentions, as the API resolved its `@name` handles (mentionedUserNames). */
  mentionIds?: readonly string[];
  now: Date;
}

export interface EditComment {
  type: 'EditComment';
  /** The post kind of the route: an article comment is not found under /api/QuestionComment. */
  postKind: PostKind;
  id: number;
  actor: Actor;
  /** Whether the actor can see the comment's post (the API loads it): if not, the comment is 404. */
  postVisibleToActor: boolean;
  content: string;
  /** Under `pre`, an author's edit of an approved comment sends it back for approval. */
  moderation: ModerationMode;
  /** The accounts the content mentions, as the API resolved its `@name` handles (mentionedUserNames). */
  mentionIds?: readonly string[];
  now: Date;
}

export interface ApproveComment {
  type: 'ApproveComment';
  /** The post kind of the route: an article comment is not found under /api/QuestionComment. */
  postKind: PostKind;
  id: number;
  actor: Actor;
  /** Whether the actor can see the comment's post (the API loads it): if not, the comment is 404. */
  postVisibleToActor: boolean;
  isApproved: boolean;
  now: Date;
}

export interface DeleteComment {
  type: 'DeleteComment';
  /** The post kind of the route: an article comment is not found under /api/QuestionComment. */
  postKind: PostKind;
  id: number;
  actor: Actor;
  /** Whether the actor can see the comment's post (the API loads it): if not, the comment is 404. */
  postVisibleToActor: boolean;
  now: Date;
}

export type CommentCommand = AddComment | EditComment | ApproveComment | DeleteComment;
