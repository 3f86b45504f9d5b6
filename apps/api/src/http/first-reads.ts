import { POST_KINDS, type PostKind } from '@app/domain';
import { escapeHtml, inertJson } from '../page-heads/html';
import type { PublicReadRoute } from '../public-reads/public-reads';

/** The id of the element the SPA's api client looks for (apps/web/src/lib/first-read.ts). */
const FIRST_READ_ELEMENT_ID = 'first-read';

const POST_PAGE = /^\/(article|question)\/(\d{1,15})(?:\/[^/]*)?\/?$/i;

/** The API address whose answer draws the page first, as the SPA calls it: home's posts, or the post. */
function firstReadOf(pagePath: string): string | null {
  if (pagePath === '/') return '/api/Home/';
  const post = POST_PAGE.exec(pagePath);
  return post ? `/api/${POST_KINDS[post[1].toLowerCase() as PostKind].label}/${post[2]}` : null;
}

/**
 * The first read of a page (home, a post), written into the page as the result an anonymous GET
 * of the API answers, from the same cache: a visitor's SPA draws the page without waiting for
 * that request. The SPA takes it only for an anonymous call to the same address, once; a
 * logged-in reader's SPA asks the API as always (the answer depends on the reader).
 */
export class FirstReads {
  constructor(private readonly routes: readonly PublicReadRoute[]) {}

  /** A `<script type="application/json">` holding the page's first read, or '' when it has none (or it failed). */
  async elementFor(pagePath: string): Promise<string> {
    const url = firstReadOf(pagePath);
    if (!url) return '';
    for (const route of this.routes) {
      const params = route.read.method === 'get' ? route.paramsIn(url) : null;
      const answer = params ? route.answer(params, undefined) : null;
      if (!answer) continue;
      try {
        const { json } = await answer;
        return `<script type="application/json" id="${FIRST_READ_ELEMENT_ID}" data-url="${escapeHtml(url)}">${inertJson(json.toString('utf8'))}</script>`;
      } catch {
        return ''; // not found, or the query failed: the SPA asks and shows what the API answers
      }
    }
    return '';
  }
}
