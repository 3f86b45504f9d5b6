import { useEffect, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { FollowButton } from '@/components/follow-button';
import { PageHeading } from '@/components/page-heading';
import { useTagInfo } from '@/features/tags/api/get-tag-info';
import { useAuth } from '@/lib/auth-context';
import { useTags } from '@/lib/get-tags';
import { messageOf } from '@/lib/message-of';
import '@/features/tags/tag-page.css';

export interface TagPageProps {
  /** The tag's posts: the search screen filtered by the tag, composed by the app layer. */
  renderPosts: (tagId: number) => ReactNode;
}

/** /tag/{subTag}: the tag's posts, how many follow it, a Follow button and its RSS feed. */
export function TagPage({ renderPosts }: TagPageProps) {
  const { subTag = '' } = useParams();
  const { user } = useAuth();
  const tags = useTags();
  const tag = tags.data?.find((candidate) => candidate.subTag.toLowerCase() === subTag.toLowerCase());
  const info = useTagInfo(tag?.id, user?.userName ?? null);

  useEffect(() => {
    document.title = `#${subTag} - DevCommunity`;
  }, [subTag]);

  if (tags.isSuccess && !tag) return <p className="notice">Tag not found.</p>;
  if (tags.isError) return <p className="notice">{messageOf(tags.error)}</p>;
  if (!tag) return null;
  return (
    <div className="tag-page">
      <PageHeading title={`#${tag.subTag}`} />
      <p className="tag-page-head">
        {info.data && (
          <>
            <FollowButton
              key={`${tag.id}-${user?.userName ?? ''}`}
              subject={{ kind: 'tag', tagId: tag.id }}
              followers={info.data.followers}
              isFollowedByMe={info.data.isFollowedByMe}
              canFollow={user !== null}
              label={`#${tag.subTag}`}
            />
            <span className="muted">
              {' '}
              · {info.data.posts} {info.data.posts === 1 ? 'post' : 'posts'} ·{' '}
            </span>
          </>
        )}
        <a href={`/feed/tag/${encodeURIComponent(tag.subTag)}`}>RSS feed</a>
      </p>
      {renderPosts(tag.id)}
    </div>
  );
}
