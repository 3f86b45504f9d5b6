import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MasterDataItem } from '@/features/profile/types';

/** GET /api/City/{stateId} (master data). */
export function getCities(stateId: number, { signal }: { signal?: AbortSignal } = {}): Promise<MasterDataItem[]> {
  return api.get<MasterDataItem[]>(`/City/${stateId}`, { signal });
}

export const getCitiesQueryOptions = (stateId: number) =>
  queryOptions({
    queryKey: ['cities', stateId],
    queryFn: ({ signal }) => getCities(stateId, { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** The cities of the chosen state; nothing is asked while none is chosen (0). */
export function useCities(stateId: number) {
  return useQuery({ ...getCitiesQueryOptions(stateId), enabled: stateId > 0 });
}
