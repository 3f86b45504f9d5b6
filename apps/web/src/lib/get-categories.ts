import type { Category } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/Category (master data, SPEC §7): fetched once per page load, since it does not change while the app runs. */
export function getCategories({ signal }: { signal?: AbortSignal } = {}): Promise<Category[]> {
  return api.get<Category[]>('/Category', { auth: false, signal });
}

export const getCategoriesQueryOptions = () =>
  queryOptions({ queryKey: ['categories'], queryFn: getCategories, staleTime: Infinity, gcTime: Infinity });

export function useCategories() {
  return useQuery(getCategoriesQueryOptions());
}
