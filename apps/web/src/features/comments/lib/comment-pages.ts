import type { Comment } from '@app/contracts';

/** One page of a post's comments as the grid keeps it. */
export interface CommentPage {
  comments: Comment[];
  /**
   * The `lastFetchedId` of the next page, or null when this page was the last. It is the last id the
   * server sent, not the last comment of `comments`: a comment added in place joins the last page,
   * and must not make 'More comments' skip the ones in between.
   */
  next: number | null;
}

export interface CommentPages {
  pages: CommentPage[];
  pageParams: unknown[];
}

/** A page from the server's answer to a request for `pageSize` comments. */
export function toCommentPage(comments: Comment[], pageSize: number): CommentPage {
  return { comments, next: comments.length < pageSize ? null : comments[comments.length - 1].id };
}

/** Every loaded comment, in page order. */
export const allComments = (data: CommentPages | undefined): Comment[] => data?.pages.flatMap((page) => page.comments) ?? [];

/** Adds a new comment at the end of the loaded pages (SPEC §4 'Comment added'). */
export function appendComment(data: CommentPages | undefined, comment: Comment): CommentPages | undefined {
  if (!data || data.pages.length === 0) return data;
  const last = data.pages.length - 1;
  return { ...data, pages: data.pages.map((page, index) => (index === last ? { ...page, comments: [...page.comments, comment] } : page)) };
}

/** Puts the server's new version of a comment (edited, approved) in place of the old one. */
export function replaceComment(
  data: CommentPages | undefined,
  id: number,
  change: (comment: Comment) => Comment,
): CommentPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      comments: page.comments.map((comment) => (comment.id === id ? change(comment) : comment)),
    })),
  };
}

/** Takes a deleted comment out of the loaded pages. */
export function removeComment(data: CommentPages | undefined, id: number): CommentPages | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, comments: page.comments.filter((comment) => comment.id !== id) })) };
}
