import type { ApiTokenSummary } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/Account/ApiTokens (auth): the caller's personal API tokens, never the tokens themselves. */
export function getApiTokens({ signal }: { signal?: AbortSignal } = {}): Promise<ApiTokenSummary[]> {
  return api.get<ApiTokenSummary[]>('/Account/ApiTokens', { signal });
}

export const getApiTokensQueryOptions = () =>
  queryOptions({ queryKey: ['account', 'api-tokens'], queryFn: ({ signal }) => getApiTokens({ signal }) });

export function useApiTokens() {
  return useQuery(getApiTokensQueryOptions());
}
