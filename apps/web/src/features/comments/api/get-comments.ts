import { COMMENT_PAGE_SIZE, FIRST_PAGE_ID, type Comment } from '@app/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PostKindConfig } from '@/config/post-kinds';
import { toCommentPage, type CommentPage } from '@/features/comments/lib/comment-pages';

/**
 * GET /api/{Article|Question}/Comments/{postId}/{lastFetchedId}/{pageSize}/{oldestFirst}: the next 20
 * comments after `lastFetchedId`, oldest first (SPEC §7, §9). The token goes along when logged in,
 * so the reader's own likes (and, for admins, unapproved comments) come back.
 */
export async function getComments(
  kind: PostKindConfig,
  postId: number,
  lastFetchedId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CommentPage> {
  const comments = await api.get<Comment[]>(`/${kind.resource}/Comments/${postId}/${lastFetchedId}/${COMMENT_PAGE_SIZE}/true`, {
    signal,
    silent: true,
  });
  return toCommentPage(comments, COMMENT_PAGE_SIZE);
}

/** The viewer is part of the key: what is visible and liked depends on who reads. */
export const getCommentsQueryOptions = (kind: PostKindConfig, postId: number, viewer: string | null) =>
  infiniteQueryOptions({
    queryKey: ['comments', kind.kind, postId, { viewer }],
    queryFn: ({ pageParam, signal }) => getComments(kind, postId, pageParam, { signal }),
    initialPageParam: FIRST_PAGE_ID,
    getNextPageParam: (page: CommentPage) => page.next,
  });

/** A post's comments, a page at a time ('More comments' calls fetchNextPage). */
export function useComments(kind: PostKindConfig, postId: number, viewer: string | null) {
  return useInfiniteQuery(getCommentsQueryOptions(kind, postId, viewer));
}
