import { useFollowing } from '@/features/home/api/get-following';
import { LatestPosts } from '@/features/home/components/latest-posts';
import { messageOf } from '@/lib/message-of';

/** The Following tab: posts by the people and tags the reader follows, newest first, with 'Load more'. */
export function FollowingPosts({ viewer }: { viewer: string }) {
  const feed = useFollowing(viewer);
  const posts = feed.data ? feed.data.pages.flat().map((entry) => entry.post) : null;
  return (
    <div className="home-lists">
      {feed.isError && (
        <p className="notice" role="alert">
          {messageOf(feed.error)}
        </p>
      )}
      <LatestPosts
        title="Following"
        posts={posts}
        loading={feed.isPending}
        emptyText="Nothing here yet: follow people on their profiles, or tags on their pages, to see their new posts."
      />
      {feed.hasNextPage && (
        <button type="button" className="button" onClick={() => void feed.fetchNextPage()} disabled={feed.isFetchingNextPage}>
          Load more
        </button>
      )}
    </div>
  );
}
