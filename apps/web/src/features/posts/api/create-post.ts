import type { PostKindConfig } from '@/config/post-kinds';
import { api } from '@/lib/api-client';

/** POST /api/Article or /api/Question: creates the post; the result is its new id. */
export function createPost(kind: PostKindConfig, body: object, options: { silent?: boolean } = {}): Promise<number> {
  return api.post<number>(`/${kind.resource}`, body, options);
}
