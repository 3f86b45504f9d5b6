import type { Tag } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/Tag (master data, SPEC §7; post tags and profile skills): fetched once per page load, since it does not change while the app runs. */
export function getTags({ signal }: { signal?: AbortSignal } = {}): Promise<Tag[]> {
  return api.get<Tag[]>('/Tag', { auth: false, signal });
}

export const getTagsQueryOptions = () => queryOptions({ queryKey: ['tags'], queryFn: getTags, staleTime: Infinity, gcTime: Infinity });

export function useTags() {
  return useQuery(getTagsQueryOptions());
}
