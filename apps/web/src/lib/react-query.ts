import { QueryClient, type DefaultOptions } from '@tanstack/react-query';

/**
 * One data-loading pattern for the SPA (a fetcher, its query options and a `useX` hook per call,
 * in features/<feature>/api/<verb-noun>.ts). No retries and no refetch on window focus: the app
 * calls the API exactly when it did before React Query. The global loading overlay still counts
 * requests in lib/api-client, under every fetcher.
 */
export const queryConfig = {
  queries: { retry: false, refetchOnWindowFocus: false },
  mutations: { retry: false },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}
