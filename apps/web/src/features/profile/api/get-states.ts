import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MasterDataItem } from '@/features/profile/types';

/** GET /api/State/{countryId} (master data). */
export function getStates(countryId: number, { signal }: { signal?: AbortSignal } = {}): Promise<MasterDataItem[]> {
  return api.get<MasterDataItem[]>(`/State/${countryId}`, { signal });
}

export const getStatesQueryOptions = (countryId: number) =>
  queryOptions({
    queryKey: ['states', countryId],
    queryFn: ({ signal }) => getStates(countryId, { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** The states of the chosen country; nothing is asked while none is chosen (0). */
export function useStates(countryId: number) {
  return useQuery({ ...getStatesQueryOptions(countryId), enabled: countryId > 0 });
}
