import { useInfiniteQuery } from '@tanstack/react-query';
import { EntityType } from '@app/contracts';
import { getSearchResultsQueryOptions } from '@/features/search/api/get-search-results';
import { searchPosts } from '@/features/search/api/search-posts';
import { DEFAULT_SEARCH_FILTERS, type SearchFilters } from '@/features/search/lib/search-filters';
import { PagedPosts } from '@/features/home/components/paged-posts';
import type { RankedTab } from '@/features/home/home-page';

/** Issue 27: Home's Top and Unanswered tabs are the search's sort and status, paged the same way. */
const RANKED: Record<RankedTab, { title: string; filters: SearchFilters; emptyText: string }> = {
  top: { title: 'Top Posts', filters: { ...DEFAULT_SEARCH_FILTERS, sort: 'top' }, emptyText: 'No posts yet.' },
  unanswered: {
    title: 'Unanswered Questions',
    filters: { ...DEFAULT_SEARCH_FILTERS, entityType: EntityType.Question, status: 'unanswered' },
    emptyText: 'Every question has an answer.',
  },
};

export function RankedPosts({ tab }: { tab: RankedTab }) {
  const { title, filters, emptyText } = RANKED[tab];
  const results = useInfiniteQuery(getSearchResultsQueryOptions(searchPosts, { filters }));
  return (
    <PagedPosts
      title={title}
      posts={results.data ? results.data.pages.flatMap((page) => page.posts) : null}
      query={results}
      emptyText={emptyText}
    />
  );
}
