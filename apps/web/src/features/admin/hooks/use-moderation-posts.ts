import { useCallback, useEffect, useRef, useState } from 'react';
import { listModerationPosts, type ModerationPost } from '@/features/admin/api/moderation-api';

/** SPEC §9: page size 20; a descending pager starts its last-fetched id at a very large number. */
export const MODERATION_PAGE_SIZE = 20;
const NEWEST_FIRST_START = Number.MAX_SAFE_INTEGER;

export type ListStatus = 'loading' | 'ready' | 'failed';

const keyOf = (post: Pick<ModerationPost, 'entityType' | 'id'>) => `${post.entityType}-${post.id}`;

/** The Admin Panel's post list with 'More results' paging and local updates after moderation. */
export function useModerationPosts() {
  const [posts, setPosts] = useState<ModerationPost[]>([]);
  const [status, setStatus] = useState<ListStatus>('loading');
  const [hasMore, setHasMore] = useState(false);
  // The cursor is the last id the server sent, not the last row shown: deleting rows must not move it.
  const lastFetchedId = useRef(NEWEST_FIRST_START);
  const loading = useRef(false);

  const loadPage = useCallback(async (signal?: AbortSignal) => {
    loading.current = true;
    setStatus('loading');
    try {
      const page = await listModerationPosts(lastFetchedId.current, MODERATION_PAGE_SIZE, signal);
      if (page.length > 0) lastFetchedId.current = page[page.length - 1].id;
      setPosts((current) => {
        const shown = new Set(current.map(keyOf));
        return [...current, ...page.filter((post) => !shown.has(keyOf(post)))];
      });
      setHasMore(page.length === MODERATION_PAGE_SIZE);
      setStatus('ready');
    } catch {
      if (!signal?.aborted) setStatus('failed');
    } finally {
      loading.current = false;
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    lastFetchedId.current = NEWEST_FIRST_START;
    setPosts([]);
    void loadPage(controller.signal);
    return () => controller.abort();
  }, [loadPage]);

  const loadMore = useCallback(() => {
    if (!loading.current) void loadPage();
  }, [loadPage]);

  const setApproved = useCallback((target: ModerationPost, isApproved: boolean) => {
    setPosts((current) => current.map((post) => (keyOf(post) === keyOf(target) ? { ...post, isApproved } : post)));
  }, []);

  const remove = useCallback((target: ModerationPost) => {
    setPosts((current) => current.filter((post) => keyOf(post) !== keyOf(target)));
  }, []);

  return { posts, status, hasMore, loadMore, setApproved, remove };
}
