import { isAdmin, type Actor } from '../posts/authorization';

export interface VisibleComment {
  authorId: string;
  isApproved: boolean;
  deleted: boolean;
}

/**
 * Every reader sees approved comments; admins (to approve them) and the author also see them
 * unapproved; nobody sees a deleted one. The post's own visibility is checked separately.
 */
export const isCommentVisibleTo = (comment: VisibleComment, viewer: Actor | null): boolean =>
  !comment.deleted && (comment.isApproved || (viewer !== null && (isAdmin(viewer) || viewer.accountId === comment.authorId)));
