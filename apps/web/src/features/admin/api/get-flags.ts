import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FlaggedItem, FlagQueueStatus } from '@app/contracts';
import { api } from '@/lib/api-client';

/** GET /api/Moderation/Flags?status= (admin): the review queue, latest flagged first. */
export function getFlags(status: FlagQueueStatus, { signal }: { signal?: AbortSignal } = {}): Promise<FlaggedItem[]> {
  return api.get<FlaggedItem[]>(`/Moderation/Flags?status=${status}`, { signal });
}

export const getFlagsQueryOptions = (status: FlagQueueStatus) =>
  queryOptions({ queryKey: ['moderation-flags', status], queryFn: ({ signal }) => getFlags(status, { signal }) });

export function useFlags(status: FlagQueueStatus) {
  return useQuery(getFlagsQueryOptions(status));
}
