import type { GridPostItem } from '@app/contracts';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { SEARCH_RESULTS_KEY, type SearchPage } from '@/features/search/api/get-search-results';
import type { SearchPager } from '@/features/search/lib/search-pager';

export type PostRef = Pick<GridPostItem, 'id' | 'entityType'>;

/** Posts are told apart by kind and id: an article and a question may share an id. */
export const isPost = (post: PostRef, target: PostRef) => post.id === target.id && post.entityType === target.entityType;

/**
 * Changes the listed posts of every search in the cache, in place: the lists are not reloaded, so
 * the pages already shown and their cursors stay.
 */
export function updateSearchResults(queryClient: QueryClient, change: (posts: GridPostItem[]) => GridPostItem[]): void {
  queryClient.setQueriesData<InfiniteData<SearchPage, SearchPager>>(
    { queryKey: [SEARCH_RESULTS_KEY] },
    (data) => data && { ...data, pages: data.pages.map((page) => ({ ...page, posts: change(page.posts) })) },
  );
}
