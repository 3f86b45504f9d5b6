import type { GridPostItem } from '@app/contracts';
import { LatestPosts } from '@/features/home/components/latest-posts';
import { messageOf } from '@/lib/message-of';

/** What a paged list of posts shows of its infinite query. */
export interface PagedPostsQuery {
  isError: boolean;
  error: unknown;
  isPending: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** A Home tab's list: the posts so far, an error if the last page failed, and 'Load more'. */
export function PagedPosts({
  title,
  posts,
  query,
  emptyText,
}: {
  title: string;
  posts: GridPostItem[] | null;
  query: PagedPostsQuery;
  emptyText: string;
}) {
  return (
    <div className="home-lists">
      {query.isError && (
        <p className="notice" role="alert">
          {messageOf(query.error)}
        </p>
      )}
      <LatestPosts title={title} posts={posts} loading={query.isPending} emptyText={emptyText} />
      {query.hasNextPage && (
        <button type="button" className="button" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          Load more
        </button>
      )}
    </div>
  );
}
