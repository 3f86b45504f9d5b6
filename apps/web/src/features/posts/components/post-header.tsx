import { Link } from 'react-router-dom';
import { PageHeading } from '@/components/page-heading';
import { StatusBadge } from '@/components/status-badge';
import { paths } from '@/config/paths';
import { PostTags } from '@/components/post-tags';
import { exactTime, parseServerTime } from '@/lib/relative-time';
import type { ViewedPost } from '@/features/posts/api/get-post';
import { postTimeText } from '@/lib/post-time';
import type { PostKindConfig } from '@/config/post-kinds';
import { readingTimeText } from '@/features/posts/lib/reading-time';
import { useHydrated } from '@/lib/use-hydrated';

interface PostHeaderProps {
  config: PostKindConfig;
  post: ViewedPost;
  /** The owner and admins only (SPEC §6): others could not save the edit. */
  canEdit: boolean;
  /** The author and admins see the link to the post's history. */
  canSeeHistory: boolean;
  /** Admins see the link to the post's moderation trail. */
  canSeeModerationTrail?: boolean;
}

/**
 * 'Created about 3 hours ago': the server painted it as of the paint, which may be days old, and
 * in its own time zone. React keeps the painted element while it adopts the page (its text may
 * differ, which is no mismatch here), then draws a new one as of now.
 */
function PostTime({ post }: { post: ViewedPost }) {
  const hydrated = useHydrated();
  const changedOn = post.updatedOn && post.updatedOn !== post.createdOn ? post.updatedOn : post.createdOn;
  return (
    <time
      key={hydrated ? 'now' : 'painted'}
      suppressHydrationWarning
      dateTime={parseServerTime(changedOn).toISOString()}
      title={exactTime(changedOn)}
    >
      {postTimeText(post, 'Created')}
    </time>
  );
}

/** Title, state badges, description, and the line with category, tags, poster, time and Edit (SPEC §2 Article view). */
export function PostHeader({ config, post, canEdit, canSeeHistory, canSeeModerationTrail = false }: PostHeaderProps) {
  return (
    <header className="post-view-header">
      {(!post.isPublished || !post.isApproved) && (
        <p className="post-view-badges">
          {!post.isPublished && <StatusBadge tone="draft">Draft</StatusBadge>}
          {!post.isApproved && <StatusBadge tone="pending">Awaiting approval</StatusBadge>}
        </p>
      )}
      <PageHeading title={post.title} />
      {post.description && <p className="post-view-description">{post.description}</p>}
      <div className="post-view-meta">
        {post.category && (
          <Link
            className="post-view-category"
            to={paths.search.getHref({ searchString: '', category: post.categoryId, entityType: config.entityType, orderBy: 0 })}
          >
            {post.category}
          </Link>
        )}
        <PostTags tags={post.tags} />
      </div>
      <div className="post-view-meta post-view-byline">
        <span>
          Posted by{' '}
          <Link className="post-view-poster" to={paths.profile.getHref(post.uName)}>
            {post.name || post.uName}
          </Link>
        </span>
        {/* The time's text changes while the page lives (a moment ago → 1 second ago): it follows the parts of fixed width. */}
        {config.kind === 'article' && <span className="post-view-reading-time">{readingTimeText(post.content)}</span>}
        <PostTime post={post} />
        {canSeeHistory && (
          <Link className="post-view-history" to={config.paths.history.getHref(post.id)}>
            History
          </Link>
        )}
        {canSeeModerationTrail && (
          <Link className="post-view-moderation-trail" to={paths.moderationTrail.getHref(config.kind, post.id)}>
            Moderation trail
          </Link>
        )}
        {canEdit && (
          <Link className="post-view-edit" to={config.paths.submit.getHref(post.id)}>
            Edit
          </Link>
        )}
      </div>
    </header>
  );
}
