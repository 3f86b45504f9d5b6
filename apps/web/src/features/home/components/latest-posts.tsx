import { GridPostItem } from '@/components/grid-post-item';
import type { GridPostItem as GridPost } from '@app/contracts';

interface LatestPostsProps {
  title: string;
  posts: GridPost[];
  emptyText: string;
}

export function LatestPosts({ title, posts, emptyText }: LatestPostsProps) {
  const headingId = `latest-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section className="card latest-posts" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {posts.length === 0 ? (
        <p className="muted">{emptyText}</p>
      ) : (
        <ul className="post-list">
          {posts.map((post) => (
            <GridPostItem key={`${post.entityType}-${post.id}`} post={post} />
          ))}
        </ul>
      )}
    </section>
  );
}
