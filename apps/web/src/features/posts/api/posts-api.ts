import { api } from '../../../lib/api-client';

/** The two post kinds share their calls (SPEC §7 'Articles and questions'). */
export type PostKind = 'Article' | 'Question';

export function getPost<T>(kind: PostKind, id: number, signal?: AbortSignal): Promise<T> {
  return api.get<T>(`/${kind}/${id}`, { signal });
}

/** POST: creates the post; the result is its new id. */
export function createPost(kind: PostKind, body: object, options: { silent?: boolean } = {}): Promise<number> {
  return api.post<number>(`/${kind}`, body, options);
}

/** PUT: saves the post the body's id names. */
export function updatePost(kind: PostKind, body: object & { id: number }, options: { silent?: boolean } = {}): Promise<boolean> {
  return api.put<boolean>(`/${kind}`, body, options);
}
