import type { Company } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/User/{userName}/Companies: the user's work history, newest first. */
export function getCompanies(userName: string, { signal }: { signal?: AbortSignal } = {}): Promise<Company[]> {
  return api.get<Company[]>(`/User/${encodeURIComponent(userName)}/Companies`, { signal });
}

export const getCompaniesQueryOptions = (userName: string) =>
  queryOptions({ queryKey: ['profile', userName, 'companies'], queryFn: ({ signal }) => getCompanies(userName, { signal }) });

export function useCompanies(userName: string) {
  return useQuery(getCompaniesQueryOptions(userName));
}
