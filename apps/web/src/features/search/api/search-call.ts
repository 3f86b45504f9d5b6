import type { SearchRequestInput, SearchResult } from '@app/contracts';
import { api } from '@/lib/api-client';

/**
 * One of the three search calls (SPEC §7): a fetcher of a page of grid post items, named for query
 * keys, with the view its results show in (SPEC §2: the admin call's results carry Approve/Unapprove
 * and Delete on every row; the others Delete on the viewer's own posts).
 */
export interface SearchCall {
  (request: SearchRequestInput, options?: { signal?: AbortSignal }): Promise<SearchResult>;
  readonly callName: 'public' | 'user-posts' | 'admin';
  readonly view: 'user' | 'admin';
}

/** A search call to POST /api{path}; `auth` says whether it sends the bearer token (SPEC §6). */
export function defineSearchCall(callName: SearchCall['callName'], view: SearchCall['view'], path: string, auth: boolean): SearchCall {
  const fetcher = (request: SearchRequestInput, { signal }: { signal?: AbortSignal } = {}) =>
    api.post<SearchResult>(path, request, { auth, signal });
  return Object.assign(fetcher, { callName, view });
}

/** SPEC §8: the search screen raises this when it is not given its search call. */
export const MISSING_SEARCH_CALL = 'getSearchApi input is required for SearchComponent';

export function requireSearchCall(searchCall: SearchCall | undefined): SearchCall {
  if (!searchCall) throw new Error(MISSING_SEARCH_CALL);
  return searchCall;
}
