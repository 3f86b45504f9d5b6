import { useState } from 'react';
import { LinkButton } from '@/components/link-button';
import { LikesCount } from '@/components/likes-count';
import { shareLinks } from '@/features/posts/lib/share-links';

/** Like count and ways to share the page (copy its link, or a network's share page in a new tab). */
export function LikeAndShare({ likes, title }: { likes: number; title: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const pageUrl = window.location.href;

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
      <LikesCount likes={likes} />
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
