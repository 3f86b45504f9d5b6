import type { GridPostItem } from '@app/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { SearchCall } from '@/features/search/api/search-call';
import type { SearchFilters } from '@/features/search/lib/search-filters';
import { firstPager, nextPager, type SearchPager } from '@/features/search/lib/search-pager';

/**
 * A page of results with the pager of the page after it, worked out from what the server sent:
 * rows deleted from the list later must not move the cursor.
 */
export interface SearchPage {
  posts: GridPostItem[];
  next: SearchPager | undefined;
}

/** Every search's query key starts with this, so a change to a post can reach every list showing it. */
export const SEARCH_RESULTS_KEY = 'search-results';

export interface SearchQuery {
  filters: SearchFilters;
  /** Keep one author's posts (the profile Posts tab). */
  userName?: string;
  /** Keep the posts with these tags (a tag page). */
  tagIds?: readonly number[];
}

export const getSearchResultsQueryOptions = (searchCall: SearchCall, { filters, userName = '', tagIds = [] }: SearchQuery) =>
  infiniteQueryOptions({
    queryKey: [SEARCH_RESULTS_KEY, searchCall.callName, userName, filters, ...(tagIds.length ? [{ tagIds }] : [])],
    queryFn: async ({ pageParam, signal }): Promise<SearchPage> => {
      const posts = await searchCall(
        {
          searchString: filters.searchString,
          uName: userName,
          categoryId: filters.categoryId,
          entityType: filters.entityType,
          orderByAsc: filters.orderBy === 1,
          Tags: [...new Set([...filters.tagIds, ...tagIds])],
          sort: filters.sort,
          status: filters.status,
          pager: pageParam,
        },
        { signal },
      );
      return { posts, next: nextPager(pageParam, posts) };
    },
    initialPageParam: firstPager(filters.orderBy === 1),
    // Kept a while after the screen closes (lib/react-query.ts keeps nothing): Back to the results
    // shows every page loaded with 'More results' at once, so the router restores the scroll
    // position over them (SPEC §2), while React Query refetches those pages behind them.
    gcTime: 10 * 60_000,
    getNextPageParam: (page) => page.next,
  });

/** The results of one search, page by page ('More results' appends the next page, SPEC §4). */
export function useSearchResults(searchCall: SearchCall, query: SearchQuery) {
  const results = useInfiniteQuery(getSearchResultsQueryOptions(searchCall, query));
  const { fetchNextPage, isFetching } = results;
  return {
    posts: results.data?.pages.flatMap((page) => page.posts) ?? [],
    isPending: results.isPending,
    isFetching,
    hasMore: results.hasNextPage,
    loadMore: () => {
      if (!isFetching) void fetchNextPage();
    },
  };
}
