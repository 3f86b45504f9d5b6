import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PostKindConfig } from '@/config/post-kinds';

/** GET /api/{Article|Question}/CommentCount/{postId}: how many comments the reader sees, replies included. */
export function getCommentCount(kind: PostKindConfig, postId: number, { signal }: { signal?: AbortSignal } = {}): Promise<number> {
  return api.get<number>(`/${kind.resource}/CommentCount/${postId}`, { signal, silent: true });
}

/** Not under the comments' key: their cache updates write pages into every query under it. */
export const commentCountKey = (kind: PostKindConfig, postId: number) => ['comment-count', kind.kind, postId];

export const getCommentCountQueryOptions = (kind: PostKindConfig, postId: number, viewer: string | null) =>
  queryOptions({
    queryKey: [...commentCountKey(kind, postId), { viewer }],
    queryFn: ({ signal }) => getCommentCount(kind, postId, { signal }),
  });

export function useCommentCount(kind: PostKindConfig, postId: number, viewer: string | null) {
  return useQuery(getCommentCountQueryOptions(kind, postId, viewer));
}
