import type { TagInfo } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/Tag/Info/{tagId}: the tag's post and follower counts, and whether I follow it (with the token). */
export function getTagInfo(tagId: number, { signal }: { signal?: AbortSignal } = {}): Promise<TagInfo> {
  return api.get<TagInfo>(`/Tag/Info/${tagId}`, { signal });
}

export const getTagInfoQueryOptions = (tagId: number, viewer: string | null) =>
  queryOptions({ queryKey: ['tag-info', tagId, { viewer }], queryFn: ({ signal }) => getTagInfo(tagId, { signal }) });

export function useTagInfo(tagId: number | undefined, viewer: string | null) {
  return useQuery({ ...getTagInfoQueryOptions(tagId ?? 0, viewer), enabled: tagId !== undefined });
}
