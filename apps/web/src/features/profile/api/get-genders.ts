import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MasterDataItem } from '@/features/profile/types';

/** GET /api/Gender/ (master data). */
export function getGenders({ signal }: { signal?: AbortSignal } = {}): Promise<MasterDataItem[]> {
  return api.get<MasterDataItem[]>('/Gender/', { signal });
}

export const getGendersQueryOptions = () =>
  queryOptions({ queryKey: ['genders'], queryFn: getGenders, staleTime: Infinity, gcTime: Infinity });

export function useGenders() {
  return useQuery(getGendersQueryOptions());
}
