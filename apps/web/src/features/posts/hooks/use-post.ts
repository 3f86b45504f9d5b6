import { useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { getPost, type ViewedPost } from '@/features/posts/api/get-post';
import type { PostKindConfig } from '@/config/post-kinds';

export type PostState =
  { status: 'loading' } | { status: 'found'; post: ViewedPost } | { status: 'not-found' } | { status: 'failed'; message: string };

/**
 * Loads the post of the route. It loads again when the viewer changes: a login in place may
 * reveal the viewer's own draft, a logout hides it.
 */
export function usePost(config: PostKindConfig, idParam: string | undefined, viewer: string | null): PostState {
  const [state, setState] = useState<PostState>({ status: 'loading' });
  const id = idParam && /^\d+$/.test(idParam) ? Number(idParam) : null;

  useEffect(() => {
    if (id === null || !Number.isSafeInteger(id)) {
      setState({ status: 'not-found' });
      return;
    }
    const controller = new AbortController();
    setState((current) => (current.status === 'found' && current.post.id === id ? current : { status: 'loading' }));
    getPost(config, id, controller.signal)
      .then((post) => setState({ status: 'found', post }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) setState({ status: 'not-found' });
        else setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
      });
    return () => controller.abort();
  }, [config, id, viewer]);

  return state;
}
