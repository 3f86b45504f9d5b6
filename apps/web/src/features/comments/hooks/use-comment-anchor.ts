import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import type { useComments } from '@/features/comments/api/get-comments';
import { commentAnchorStep, commentElementId, commentIdOfHash } from '@/features/comments/lib/comment-anchor';
import { allComments } from '@/features/comments/lib/comment-pages';

/**
 * Opens the post at the comment the address points at (`#comment-{id}`, the notification e-mail's
 * 'Read it here'): loads the pages it takes (20 comments each), then scrolls it to the middle of the
 * screen, highlights it and moves focus there.
 */
export function useCommentAnchor(comments: ReturnType<typeof useComments>) {
  const { hash } = useLocation();
  const target = commentIdOfHash(hash);
  const shown = useRef<number | null>(null);
  const loadedIds = allComments(comments.data).map((comment) => comment.id);
  const step = target === null || comments.isPending ? null : commentAnchorStep(target, loadedIds, comments.hasNextPage);
  const { fetchNextPage, isFetchingNextPage } = comments;

  useEffect(() => {
    if (target === null || step === null || shown.current === target) return;
    if (step === 'load') {
      if (!isFetchingNextPage) void fetchNextPage();
      return;
    }
    if (step !== 'found') return;
    const element = document.getElementById(commentElementId(target));
    if (!element) return;
    shown.current = target;
    const body = element.querySelector<HTMLElement>('.comment-body') ?? element;
    body.classList.add('comment-highlighted');
    body.tabIndex = -1;
    body.focus({ preventScroll: true });
    body.scrollIntoView({ block: 'center' });
  }, [target, step, isFetchingNextPage, fetchNextPage]);
}
