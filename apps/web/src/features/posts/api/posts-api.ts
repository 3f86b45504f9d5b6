import { api } from '@/lib/api-client';

import type { PostKindConfig } from '@/config/post-kinds';

/** The two post kinds share their calls (SPEC §7 'Articles and questions'). */

export function getPost<T>(kind: PostKindConfig, id: number, signal?: AbortSignal): Promise<T> {
  return api.get<T>(`/${kind.resource}/${id}`, { signal });
}

/** POST: creates the post; the result is its new id. */
export function createPost(kind: PostKindConfig, body: object, options: { silent?: boolean } = {}): Promise<number> {
  return api.post<number>(`/${kind.resource}`, body, options);
}

/** PUT: saves the post the body's id names. */
export function updatePost(kind: PostKindConfig, body: object & { id: number }, options: { silent?: boolean } = {}): Promise<boolean> {
  return api.put<boolean>(`/${kind.resource}`, body, options);
}
