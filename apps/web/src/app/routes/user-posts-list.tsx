import { firstSearchPager, type GridPostItem as GridPost, type SearchRequestInput } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { GridPostItem } from '@/components/grid-post-item';
import { api } from '@/lib/api-client';

// TODO(i10-spa): a stand-in for the shared search screen of branch i10-spa: the newest page only, no filters.

/** POST /api/Search (no token, SPEC §6) for one author's newest posts. */
export function searchUserPosts(userName: string, { signal }: { signal?: AbortSignal } = {}): Promise<GridPost[]> {
  const request: SearchRequestInput = {
    searchString: '',
    uName: userName,
    categoryId: -1,
    entityType: 100,
    orderByAsc: false,
    Tags: [],
    pager: firstSearchPager(false),
  };
  return api.post<GridPost[]>('/Search', request, { auth: false, signal });
}

export const searchUserPostsQueryOptions = (userName: string) =>
  queryOptions({ queryKey: ['user-posts', userName], queryFn: ({ signal }) => searchUserPosts(userName, { signal }) });

export function useUserPosts(userName: string) {
  return useQuery(searchUserPostsQueryOptions(userName));
}

/** The user's recent posts (SPEC §2 profile Posts tab). */
export function UserPostsList({ userName }: { userName: string }) {
  const posts = useUserPosts(userName);
  if (posts.isPending) return null;
  if (posts.isError || posts.data.length === 0) return <p className="muted">No posts found.</p>;
  return (
    <section aria-label="Posts">
      <ul className="post-list">
        {posts.data.map((post) => (
          <GridPostItem key={`${post.entityType}-${post.id}`} post={post} />
        ))}
      </ul>
    </section>
  );
}
