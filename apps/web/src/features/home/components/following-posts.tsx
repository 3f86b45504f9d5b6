import { useFollowing } from '@/features/home/api/get-following';
import { PagedPosts } from '@/features/home/components/paged-posts';

/** The Following tab: posts by the people and tags the reader follows, newest first, with 'Load more'. */
export function FollowingPosts({ viewer }: { viewer: string }) {
  const feed = useFollowing(viewer);
  return (
    <PagedPosts
      title="Following"
      posts={feed.data ? feed.data.pages.flat().map((entry) => entry.post) : null}
      query={feed}
      emptyText="Nothing here yet: follow people on their profiles, or tags on their pages, to see their new posts."
    />
  );
}
