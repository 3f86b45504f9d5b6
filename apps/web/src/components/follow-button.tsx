import { useState } from 'react';
import { useSetFollow, type FollowSubject } from '@/lib/set-follow';
import '@/components/follow-button.css';
import { ErrorMessage } from '@/components/error-message';

interface FollowButtonProps {
  subject: FollowSubject;
  /** What the page read: the follower count and whether the reader follows. */
  followers: number;
  isFollowedByMe: boolean;
  /** Only a logged-in reader (and not the person themself) may follow; others see the count alone. */
  canFollow: boolean;
  /** 'Ada Lovelace' or '#typescript', for the button's accessible name. */
  label: string;
}

/** Follow / Following toggle beside the follower count (profiles and tag pages). */
export function FollowButton({ subject, followers, isFollowedByMe, canFollow, label }: FollowButtonProps) {
  // The server's answer to our last toggle wins over the props until the page is loaded afresh.
  const [mine, setMine] = useState<{ followers: number; isFollowing: boolean } | null>(null);
  const setFollow = useSetFollow(subject);
  const shown = mine ?? { followers, isFollowing: isFollowedByMe };

  return (
    <span className="follow">
      {canFollow && (
        <button
          type="button"
          className={shown.isFollowing ? 'follow-button follow-button-on' : 'follow-button'}
          aria-pressed={shown.isFollowing}
          disabled={setFollow.isPending}
          onClick={() => setFollow.mutate(!shown.isFollowing, { onSuccess: (result) => setMine(result) })}
        >
          {/* The visible word starts the accessible name (WCAG 2.5.3); the hidden rest says whom. */}
          {shown.isFollowing ? 'Following' : 'Follow'}
          <span className="visually-hidden"> {label}</span>
        </button>
      )}
      <span className="follow-count" aria-label="Followers">
        {shown.followers} {shown.followers === 1 ? 'follower' : 'followers'}
      </span>
      <ErrorMessage error={setFollow.error} inline />
    </span>
  );
}
