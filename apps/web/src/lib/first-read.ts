import type { ApiEnvelope } from '@app/contracts';

/** Written by the server into the page (apps/api/src/site-front/first-reads.ts). */
const FIRST_READ_ELEMENT_ID = 'first-read';

/** A first read as a page holds it: the API address and the result's JSON. */
export interface FirstRead {
  url: string;
  json: string;
}

/** The first read of a page being painted on the server (server-paint.tsx), which has no document. */
let paintedFirstRead: FirstRead | null = null;

/**
 * Runs a synchronous render on the server with `read` as the page's first read, as the browser's
 * page would hold it: the page's components take it as they do in the browser.
 */
export function withFirstRead<T>(read: FirstRead, render: () => T): T {
  paintedFirstRead = read;
  try {
    return render();
  } finally {
    paintedFirstRead = null;
  }
}

function firstReadOfPage(): { url: string | undefined; text: string; remove: () => void } | null {
  if (typeof document === 'undefined') {
    const read = paintedFirstRead;
    return read && { url: read.url, text: read.json, remove: () => undefined };
  }
  const element = document.getElementById(FIRST_READ_ELEMENT_ID);
  return element && { url: element.dataset.url, text: element.textContent ?? '', remove: () => element.remove() };
}

/**
 * The page's first read, which the server wrote into the page as the API answers it to anyone
 * (home's posts, a post): the call to that address takes it, once, instead of asking the API.
 * Only an anonymous call takes it; a call with a session drops it and asks, since its answer
 * depends on the reader. Null when the page holds none for `url`.
 */
export function takeFirstRead<T>(url: string, anonymous: boolean): ApiEnvelope<T> | null {
  const read = firstReadOfPage();
  if (!read || read.url !== url) return null;
  read.remove();
  if (!anonymous) return null;
  try {
    return { success: true, result: JSON.parse(read.text) as T, errorMessage: null, timeStamp: new Date().toISOString() };
  } catch {
    return null;
  }
}
