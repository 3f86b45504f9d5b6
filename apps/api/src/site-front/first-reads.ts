import { escapeHtml, inertJson } from '../page-heads/html';
import type { PublicReadRoute } from '../public-reads/public-reads';
import { firstPageOf } from './first-pages';

/** The id of the element the SPA's api client looks for (apps/web/src/lib/first-read.ts). */
const FIRST_READ_ELEMENT_ID = 'first-read';

/** A page's first read: the API address and its anonymous answer's result, serialized once per read-model version. */
export interface FirstRead {
  url: string;
  json: Buffer;
}

/**
 * The first read of a page (home, a post), written into the page as the result an anonymous GET
 * of the API answers, from the same cache: a visitor's SPA draws the page without waiting for
 * that request. The SPA takes it only for an anonymous call to the same address, once; a
 * logged-in reader's SPA asks the API as always (the answer depends on the reader).
 */
export class FirstReads {
  constructor(private readonly routes: readonly PublicReadRoute[]) {}

  /** The page's first read as anyone may read it; null when it has none, or the API answers it with an error (a post nobody may read). */
  async readFor(pagePath: string): Promise<FirstRead | null> {
    const url = firstPageOf(pagePath)?.firstRead;
    if (!url) return null;
    for (const route of this.routes) {
      const params = route.read.method === 'get' ? route.paramsIn(url) : null;
      const answer = params ? route.answer(params, undefined) : null;
      if (!answer) continue;
      try {
        return { url, json: (await answer).json };
      } catch {
        return null; // not found, or the query failed: the SPA asks and shows what the API answers
      }
    }
    return null;
  }

  /** A `<script type="application/json">` holding the first read. */
  static element(read: FirstRead): string {
    return `<script type="application/json" id="${FIRST_READ_ELEMENT_ID}" data-url="${escapeHtml(read.url)}">${inertJson(read.json.toString('utf8'))}</script>`;
  }
}
