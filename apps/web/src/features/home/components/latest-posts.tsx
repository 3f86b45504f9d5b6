import { countText, GridPostItem } from '@/components/grid-post-item';
import type { GridPostItem as GridPost } from '@app/contracts';

interface LatestPostsProps {
  title: string;
  /** null while loading (a skeleton shows), or when the home could not be loaded (nothing shows). */
  posts: GridPost[] | null;
  loading: boolean;
  emptyText: string;
}

const SKELETON_ROWS = 5;

export function LatestPosts({ title, posts, loading, emptyText }: LatestPostsProps) {
  const headingId = `latest-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section className="card latest-posts" aria-labelledby={headingId} aria-busy={loading}>
      <h2 id={headingId}>{title}</h2>
      {loading && <PostsSkeleton label={`Loading ${title.toLowerCase()}`} />}
      {posts?.length === 0 && <p className="muted">{emptyText}</p>}
      {posts && posts.length > 0 && (
        <ul className="post-list">
          {posts.map((post) => (
            <GridPostItem key={`${post.entityType}-${post.id}`} post={post}>
              {post.likes > 0 && (
                <p className="post-likes">
                  <span aria-hidden="true">♥ </span>
                  {countText(post.likes, 'like')}
                </p>
              )}
            </GridPostItem>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Grey placeholder rows shaped like the list, so the page neither says 'none' nor jumps when posts arrive. */
function PostsSkeleton({ label }: { label: string }) {
  return (
    <div className="posts-skeleton">
      <p className="visually-hidden">{label}…</p>
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <div key={index} className="posts-skeleton-row" aria-hidden="true">
          <span className="skeleton-line skeleton-title" />
          <span className="skeleton-line skeleton-meta" />
        </div>
      ))}
    </div>
  );
}
