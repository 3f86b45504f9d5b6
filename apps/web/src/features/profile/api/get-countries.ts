import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MasterDataItem } from '@/features/profile/types';

/** GET /api/Country (master data): kept for the page's life, it does not change while the app runs. */
export function getCountries({ signal }: { signal?: AbortSignal } = {}): Promise<MasterDataItem[]> {
  return api.get<MasterDataItem[]>('/Country', { signal });
}

export const getCountriesQueryOptions = () =>
  queryOptions({ queryKey: ['countries'], queryFn: getCountries, staleTime: Infinity, gcTime: Infinity });

export function useCountries() {
  return useQuery(getCountriesQueryOptions());
}
