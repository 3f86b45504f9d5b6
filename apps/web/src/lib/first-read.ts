import type { ApiEnvelope } from '@app/contracts';

/** Written by the server into the page (apps/api/src/http/first-reads.ts). */
const FIRST_READ_ELEMENT_ID = 'first-read';

/**
 * The page's first read, which the server wrote into the page as the API answers it to anyone
 * (home's posts, a post): the call to that address takes it, once, instead of asking the API.
 * Only an anonymous call takes it; a call with a session drops it and asks, since its answer
 * depends on the reader. Null when the page holds none for `url`.
 */
export function takeFirstRead<T>(url: string, anonymous: boolean): ApiEnvelope<T> | null {
  const element = typeof document === 'undefined' ? null : document.getElementById(FIRST_READ_ELEMENT_ID);
  if (!element || element.dataset.url !== url) return null;
  element.remove();
  if (!anonymous) return null;
  try {
    return { success: true, result: JSON.parse(element.textContent ?? '') as T, errorMessage: null, timeStamp: new Date().toISOString() };
  } catch {
    return null;
  }
}
