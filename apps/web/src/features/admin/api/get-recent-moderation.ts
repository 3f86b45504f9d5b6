import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecentModerationEntry } from '@app/contracts';
import { api } from '@/lib/api-client';

/** GET /api/Moderation (admin): the latest moderation actions across all posts; in the background (no overlay). */
export function getRecentModeration({ signal }: { signal?: AbortSignal } = {}): Promise<RecentModerationEntry[]> {
  return api.get<RecentModerationEntry[]>('/Moderation', { signal, silent: true });
}

export const getRecentModerationQueryOptions = () => queryOptions({ queryKey: ['recent-moderation'], queryFn: getRecentModeration });

export function useRecentModeration() {
  return useQuery(getRecentModerationQueryOptions());
}
