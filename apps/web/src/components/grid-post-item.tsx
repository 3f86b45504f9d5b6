import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { postHref, postKindOf } from '@/config/post-kinds';
import { postTimeText } from '@/lib/post-time';
import { PostTags } from '@/components/post-tags';
import type { GridPostItem as GridPost } from '@app/contracts';
import { StatusBadge } from '@/components/status-badge';
import '@/components/grid-post-item.css';

/** One post in a list (SPEC §2 post grid): kind, title link (the description as its tooltip, SPEC §2, and shown beneath it: issue 25), author link, relative time and tag links to the search; `children` adds a list's own line (likes, admin actions). */
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
        {post.articleDescription && <p className="post-description">{post.articleDescription}</p>}
        <div className="post-meta">
          {/* A deleted user's posts keep their display name ('Deleted user') and no profile. */}
          {post.uName ? <Link to={paths.profile.getHref(post.uName)}>{post.name || post.uName}</Link> : <span>{post.name}</span>}
          <span className="post-time">{postTimeText(post, 'Created on')}</span>
          {/* Home lists only: the read model counts them (issue 25). */}
          {typeof post.readingMinutes === 'number' && <span>{post.readingMinutes} min read</span>}
          {post.comments !== undefined && post.comments > 0 && <span>{countText(post.comments, 'comment')}</span>}
          {/* Home and search rows of questions (issue 27). */}
          {post.isSolved && <StatusBadge tone="accepted">Solved</StatusBadge>}
        </div>
        <PostTags tags={post.tags} />
        {children}
      </div>
    </li>
  );
}

/** '1 comment', '3 comments'. */
export function countText(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
