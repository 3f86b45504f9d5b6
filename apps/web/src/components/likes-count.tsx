import { lazy, Suspense, useState } from 'react';
import type { LikeTarget } from '@/lib/like-target';
import './likes-count.css';

// Opened on a click: not part of the first screen of a post (issue 25, its initial JavaScript).
const LikesModal = lazy(async () => ({ default: (await import('@/components/likes-modal')).LikesModal }));

/** '{n} Person' or '{n} People' (SPEC §2 Likes modal trigger). */
export function likesText(likes: number): string {
  return `${likes} ${likes === 1 ? 'Person' : 'People'}`;
}

/**
 * How many people liked an item, with a heart. Given the item, it is the likes modal's trigger,
 * which opens only when the count is above 0 (SPEC §2).
 */
export function LikesCount({ likes, target }: { likes: number; target?: LikeTarget }) {
  const [open, setOpen] = useState(false);
  const text = (
    <>
      <span aria-hidden="true">♥ </span>
      {likesText(likes)}
    </>
  );
  if (!target) {
    return (
      <span className="likes-count" title="Likes">
        {text}
      </span>
    );
  }
  return (
    <>
      <button
        type="button"
        className="likes-count likes-count-trigger"
        title={likes > 0 ? 'See who liked this' : 'Likes'}
        aria-label={`${likesText(likes)} liked this ${target.label.toLowerCase()}`}
        aria-haspopup="dialog"
        onClick={() => likes > 0 && setOpen(true)}
      >
        {text}
      </button>
      {open && (
        <Suspense fallback={null}>
          <LikesModal target={target} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
