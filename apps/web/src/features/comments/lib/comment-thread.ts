import { TOP_LEVEL_COMMENT, type Comment } from '@app/contracts';

/** A comment with its replies, each list oldest first. */
export interface CommentNode {
  comment: Comment;
  replies: CommentNode[];
}

/**
 * The loaded comments as threads: each reply under its parent, oldest first at every level (ids are
 * time-ordered). A reply whose parent is not shown (deleted, or hidden from this reader) stays
 * visible at the top level rather than vanishing. A comment loaded twice (a page fetched after a
 * new comment was added in place) shows once. The thread holding the accepted answer comes first.
 */
export function threadComments(comments: readonly Comment[]): CommentNode[] {
  const byId = new Map<number, CommentNode>();
  for (const comment of [...comments].sort((a, b) => a.id - b.id)) {
    if (!byId.has(comment.id)) byId.set(comment.id, { comment, replies: [] });
  }
  const roots: CommentNode[] = [];
  for (const node of byId.values()) {
    const parent = node.comment.parentId === TOP_LEVEL_COMMENT ? undefined : byId.get(node.comment.parentId);
    if (parent && parent !== node) parent.replies.push(node);
    else roots.push(node);
  }
  // Issue 27: a question's accepted answer shows first (a reply accepted shows first with its thread).
  const accepted = roots.findIndex((root) => containsAccepted(root));
  return accepted > 0 ? [roots[accepted], ...roots.slice(0, accepted), ...roots.slice(accepted + 1)] : roots;
}

const containsAccepted = (node: CommentNode): boolean => node.comment.isAccepted || node.replies.some(containsAccepted);
