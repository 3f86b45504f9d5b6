import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { postHref, postKindOf } from '@/config/post-kinds';
import { postTimeText } from '@/lib/post-time';
import type { GridPostItem as GridPost } from '@app/contracts';

/** One post in a list: kind, title link, author link, relative time and tags; `children` adds a list's own line (likes, admin actions). */
export function GridPostItem({ post, children }: { post: GridPost; children?: ReactNode }) {
  const kind = postKindOf(post.entityType);
  return (
    <li className="post-item">
      <span className={`post-kind post-kind-${kind.kind}`} title={kind.label} aria-hidden="true">
        {kind.label[0]}
      </span>
      <div className="post-body">
        <Link className="post-title" to={postHref(post)} title={post.articleDescription ?? undefined}>
          {post.title}
        </Link>
        <div className="post-meta">
          <Link to={paths.profile.getHref(post.uName)}>{post.name || post.uName}</Link>
          <span className="post-time">{postTimeText(post, 'Created on')}</span>
        </div>
        {post.tags.length > 0 && (
          <ul className="post-tags" aria-label="Tags">
            {post.tags.map((tag) => (
              <li key={tag.id ?? tag.subTag}>{tag.subTag}</li>
            ))}
          </ul>
        )}
        {children}
      </div>
    </li>
  );
}
