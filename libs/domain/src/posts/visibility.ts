import { notFound } from '../shared/errors';
import { canEdit, type Actor } from './authorization';

/** What visibility needs to know of a post. Questions have no draft state: pass `isPublished: true`. */
export interface VisiblePost {
  authorId: string;
  isPublished: boolean;
  isApproved: boolean;
  deleted: boolean;
}

/**
 * The public sees published, approved posts; the owner and admins also see drafts and unapproved
 * posts; a deleted post is seen by nobody (the API answers 404).
 */
export function isVisibleTo(post: VisiblePost, viewer: Actor | null): boolean {
  if (post.deleted) return false;
  if (post.isPublished && post.isApproved) return true;
  return viewer !== null && canEdit(viewer, post.authorId);
}

/**
 * A write on a post the actor cannot see is refused as if the post did not exist (404, the same
 * message), before any 403: otherwise the difference tells which hidden posts exist.
 */
export function requireVisibleTo(post: VisiblePost, actor: Actor, notFoundMessage: string): void {
  if (!isVisibleTo(post, actor)) throw notFound(notFoundMessage);
}
