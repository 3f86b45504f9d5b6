import type { PostListEntry } from '@app/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const READING_LIST_PAGE_SIZE = 20;

/** GET /api/ReadingList (auth) or /api/Like/Mine: my saved or liked posts, newest first, a page after `lastFetchedId`. */
export function getMyPosts(
  list: 'saved' | 'liked',
  lastFetchedId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<PostListEntry[]> {
  const route = list === 'saved' ? '/ReadingList' : '/Like/Mine';
  return api.get<PostListEntry[]>(`${route}?lastFetchedId=${lastFetchedId}&pageSize=${READING_LIST_PAGE_SIZE}`, { signal });
}

export const getMyPostsQueryOptions = (list: 'saved' | 'liked') =>
  infiniteQueryOptions({
    queryKey: [list === 'saved' ? 'reading-list' : 'my-likes'],
    queryFn: ({ pageParam, signal }) => getMyPosts(list, pageParam, { signal }),
    initialPageParam: -1,
    getNextPageParam: (page: PostListEntry[]) => (page.length < READING_LIST_PAGE_SIZE ? undefined : page[page.length - 1].id),
  });

export function useMyPosts(list: 'saved' | 'liked') {
  return useInfiniteQuery(getMyPostsQueryOptions(list));
}
