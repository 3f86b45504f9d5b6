import { useState } from 'react';
import { FlagButton } from '@/components/flag-button';
import { LinkButton } from '@/components/link-button';
import { Likes } from '@/components/likes';
import { SaveButton } from '@/components/save-button';
import type { PostKindConfig } from '@/config/post-kinds';
import type { ViewedPost } from '@/features/posts/api/get-post';
import { shareLinks } from '@/features/posts/lib/share-links';
import { useHydrated } from '@/lib/use-hydrated';

interface LikeAndShareProps {
  config: PostKindConfig;
  post: Pick<ViewedPost, 'id' | 'title' | 'likes' | 'isLikedByMe' | 'isSavedByMe'>;
  canLike: boolean;
  /** A logged-in reader who is not its author may flag it (issue 27). */
  canFlag?: boolean;
}

/** The like button and count, and ways to share the page (copy its link, or a network's share page in a new tab). */
export function LikeAndShare({ config, post, canLike, canFlag = false }: LikeAndShareProps) {
  const { title } = post;
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  // No window when the server paints the page (server-paint.tsx): the SPA adopts the paint, then draws the links.
  const pageUrl = useHydrated() ? window.location.href : '';

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(pageUrl);
      setCopied('yes');
    } catch {
      setCopied('failed'); // no clipboard permission (or not a secure context)
    }
  };

  return (
    <section className="post-view-like-share" aria-label="Like and share">
      <Likes
        target={{ resource: config.resource, id: post.id, label: config.label }}
        likes={post.likes}
        isLikedByMe={post.isLikedByMe}
        canLike={canLike}
      />
      {canLike && <SaveButton key={post.id} entityType={config.entityType} id={post.id} isSavedByMe={post.isSavedByMe} />}
      {canFlag && <FlagButton key={`flag-${post.id}`} entityType={config.entityType} id={post.id} label={config.kind} />}
      <div className="post-view-share">
        <span className="muted">Share:</span>
        <LinkButton onClick={() => void copyLink()}>Copy link</LinkButton>
        {shareLinks(pageUrl, title).map((link) => (
          <a key={link.network} href={link.href} target="_blank" rel="noopener noreferrer">
            {link.network}
          </a>
        ))}
        <span role="status" className="muted">
          {copied === 'yes' ? 'Link copied' : copied === 'failed' ? `Copy this link: ${pageUrl}` : ''}
        </span>
      </div>
    </section>
  );
}
