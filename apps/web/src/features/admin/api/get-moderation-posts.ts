import { EntityType } from '@app/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { moderationKeyOf, type ModerationPost } from '@/features/admin/types';
import { api } from '@/lib/api-client';

/** SPEC §9: page size 20; a descending pager starts its last-fetched id at a very large number. */
export const MODERATION_PAGE_SIZE = 20;
const NEWEST_FIRST_START = Number.MAX_SAFE_INTEGER;

/** GET /api/Moderation/Posts (admin): every post not deleted, newest first, below `lastFetchedId`. */
export function getModerationPosts(lastFetchedId: number, { signal }: { signal?: AbortSignal } = {}): Promise<ModerationPost[]> {
  const query = new URLSearchParams({
    entityType: String(EntityType.ArticleQuestion),
    lastFetchedId: String(lastFetchedId),
    pageSize: String(MODERATION_PAGE_SIZE),
  });
  return api.get<ModerationPost[]>(`/Moderation/Posts?${query.toString()}`, { signal });
}

export const getModerationPostsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['moderation-posts'],
    queryFn: ({ pageParam, signal }) => getModerationPosts(pageParam, { signal }),
    initialPageParam: NEWEST_FIRST_START,
    // The cursor is the last id the server sent, not the last row shown: deleting rows must not move it.
    getNextPageParam: (page) => (page.length === MODERATION_PAGE_SIZE ? page[page.length - 1].id : undefined),
  });

/** The pages joined, each post once (a page may repeat one the previous page ended with). */
function joinPages(pages: ModerationPost[][]): ModerationPost[] {
  const shown = new Set<string>();
  return pages.flat().filter((post) => {
    const key = moderationKeyOf(post);
    if (shown.has(key)) return false;
    shown.add(key);
    return true;
  });
}

export type ListStatus = 'loading' | 'ready' | 'failed';

/** The Admin Panel's post list with 'More results' paging. */
export function useModerationPosts() {
  const query = useInfiniteQuery(getModerationPostsQueryOptions());
  const status: ListStatus = query.isFetching ? 'loading' : query.isError ? 'failed' : 'ready';
  const { fetchNextPage, isFetching } = query;
  const loadMore = () => {
    if (!isFetching) void fetchNextPage();
  };
  return { posts: joinPages(query.data?.pages ?? []), status, hasMore: query.hasNextPage, loadMore };
}
