import { QueryClient, type DefaultOptions } from '@tanstack/react-query';

/**
 * One data-loading pattern for the SPA (a fetcher, its query options and a `useX` hook per call,
 * in features/<feature>/api/<verb-noun>.ts). No retries and no refetch on window focus, and no
 * cache kept once no screen shows a query (gcTime 0): a page shows what the server says when it
 * opens, as before React Query, never an older copy first. Queries that may be kept say so
 * (master data, the e-mail confirmation). The global loading overlay still counts requests in
 * lib/api-client, under every fetcher.
 */
export const queryConfig = {
  queries: { retry: false, refetchOnWindowFocus: false, gcTime: 0 },
  mutations: { retry: false },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}
