import type { PostListEntry } from '@app/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const FOLLOWING_PAGE_SIZE = 20;

/** GET /api/Home/Following (auth): posts by the people and tags I follow, newest first, a page after `lastFetchedId`. */
export function getFollowing(lastFetchedId: number, { signal }: { signal?: AbortSignal } = {}): Promise<PostListEntry[]> {
  return api.get<PostListEntry[]>(`/Home/Following?lastFetchedId=${lastFetchedId}&pageSize=${FOLLOWING_PAGE_SIZE}`, { signal });
}

/** The viewer is part of the key: another login has another feed. */
export const getFollowingQueryOptions = (viewer: string) =>
  infiniteQueryOptions({
    queryKey: ['home', 'following', { viewer }],
    queryFn: ({ pageParam, signal }) => getFollowing(pageParam, { signal }),
    initialPageParam: -1,
    getNextPageParam: (page: PostListEntry[]) => (page.length < FOLLOWING_PAGE_SIZE ? undefined : page[page.length - 1].id),
  });

export function useFollowing(viewer: string) {
  return useInfiniteQuery(getFollowingQueryOptions(viewer));
}
