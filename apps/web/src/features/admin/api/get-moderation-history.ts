import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModerationHistoryEntry } from '@app/contracts';
import type { PostKindConfig } from '@/config/post-kinds';
import { api } from '@/lib/api-client';

/** GET /api/Moderation/{entityType}/{id} (admin): everything done to one post and its comments, oldest first. */
export function getModerationHistory(kind: PostKindConfig, id: number, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<ModerationHistoryEntry[]>(`/Moderation/${kind.entityType}/${id}`, { signal });
}

export const getModerationHistoryQueryOptions = (kind: PostKindConfig, id: number) =>
  queryOptions({
    queryKey: ['moderation-history', kind.entityType, id],
    queryFn: ({ signal }) => getModerationHistory(kind, id, { signal }),
  });

export function useModerationHistory(kind: PostKindConfig, id: number) {
  return useQuery(getModerationHistoryQueryOptions(kind, id));
}
