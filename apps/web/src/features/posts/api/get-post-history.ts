import type { PostRevision } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PostKindConfig } from '@/config/post-kinds';

/** GET /api/Article/{id}/History or /api/Question/{id}/History: every revision, oldest first (owner and admins). */
export function getPostHistory(kind: PostKindConfig, id: number, { signal }: { signal?: AbortSignal } = {}): Promise<PostRevision[]> {
  return api.get<PostRevision[]>(`/${kind.resource}/${id}/History`, { signal });
}

/** The viewer is part of the key: another login may be refused what this one may see. */
export const getPostHistoryQueryOptions = (kind: PostKindConfig, id: number, viewer: string | null) =>
  queryOptions({
    queryKey: ['posts', kind.kind, id, 'history', { viewer }],
    queryFn: ({ signal }) => getPostHistory(kind, id, { signal }),
  });

export function usePostHistory(kind: PostKindConfig, id: number | null, viewer: string | null) {
  return useQuery({ ...getPostHistoryQueryOptions(kind, id ?? 0, viewer), enabled: id !== null });
}
