import { ApiError } from '@/lib/api-client';
import { usePost as usePostQuery, type ViewedPost } from '@/features/posts/api/get-post';
import type { PostKindConfig } from '@/config/post-kinds';

export type PostState =
  { status: 'loading' } | { status: 'found'; post: ViewedPost } | { status: 'not-found' } | { status: 'failed'; message: string };

/** The post of the route as the view page shows it: an id that is not a number, or a 404, is 'not found'. */
export function usePostView(config: PostKindConfig, idParam: string | undefined, viewer: string | null): PostState {
  const parsed = idParam && /^\d+$/.test(idParam) ? Number(idParam) : null;
  const id = parsed !== null && Number.isSafeInteger(parsed) ? parsed : null;
  const query = usePostQuery(config, id, viewer);
  if (id === null) return { status: 'not-found' };
  if (query.isError) {
    return query.error instanceof ApiError && query.error.status === 404
      ? { status: 'not-found' }
      : { status: 'failed', message: query.error.message };
  }
  if (query.data) return { status: 'found', post: query.data };
  return { status: 'loading' };
}
