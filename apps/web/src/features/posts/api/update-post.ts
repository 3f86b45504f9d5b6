import type { PostKindConfig } from '@/config/post-kinds';
import { api } from '@/lib/api-client';

/** PUT /api/Article or /api/Question: saves the post the body's id names. */
export function updatePost(kind: PostKindConfig, body: object & { id: number }, options: { silent?: boolean } = {}): Promise<boolean> {
  return api.put<boolean>(`/${kind.resource}`, body, options);
}
