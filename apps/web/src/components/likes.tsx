import { useState } from 'react';
import { Heart } from 'lucide-react';
import { LikesCount } from '@/components/likes-count';
import type { LikeTarget } from '@/lib/like-target';
import { useSetLike } from '@/lib/set-like';
import '@/components/likes-count.css';
import { ErrorMessage } from '@/components/error-message';

interface LikesProps {
  target: LikeTarget;
  likes: number;
  isLikedByMe: boolean;
  /** Only a logged-in reader may like (SPEC §6); others see the count alone. */
  canLike: boolean;
}

/** A post's or comment's like button (logged in) beside its count, which opens the likes modal. */
export function Likes({ target, likes, isLikedByMe, canLike }: LikesProps) {
  // The server's answer to our last toggle wins over the props until the item is loaded afresh.
  const [mine, setMine] = useState<{ likes: number; isLiked: boolean } | null>(null);
  const setLike = useSetLike(target);
  const shown = mine ?? { likes, isLiked: isLikedByMe };

  return (
    <span className="likes">
      {canLike && (
        <button
          type="button"
          className={`like-button${shown.isLiked ? ' is-liked' : ''}`}
          // The name says what a press does now (axe: a toggle's name must follow its state).
          aria-label={`${shown.isLiked ? 'Liked: unlike' : 'Like'} this ${target.label.toLowerCase()}`}
          disabled={setLike.isPending}
          onClick={() => setLike.mutate(!shown.isLiked, { onSuccess: (result) => setMine(result) })}
        >
          <Heart aria-hidden="true" size={14} fill={shown.isLiked ? 'currentColor' : 'none'} />
          {shown.isLiked ? 'Liked' : 'Like'}
        </button>
      )}
      <LikesCount likes={shown.likes} target={target} />
      <ErrorMessage error={setLike.error} inline />
    </span>
  );
}
