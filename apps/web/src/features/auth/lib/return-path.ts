/**
 * The pages a login returns to: article and question pages (article/{id}/{title}, question/{id}/{title})
 * and, issue 25, the pages that sent a logged-out writer to login: the editors and Upload Documents.
 */
const RETURN_PAGE =
  /^\/((article|question)\/\d+(\/|$|[?#])|article\/submit(\/\d+)?([?#]|$)|question\/ask(\/\d+)?([?#]|$)|documents\/upload([?#]|$))/;

/** A path given as a string or as a router location ({ pathname, search, hash }). */
function pathOf(from: unknown): string | null {
  if (typeof from === 'string') return from.startsWith('/') && !from.startsWith('//') ? from : null;
  if (from && typeof from === 'object' && 'pathname' in from && typeof from.pathname === 'string') {
    const { search, hash } = from as { search?: unknown; hash?: unknown };
    return pathOf(`${from.pathname}${typeof search === 'string' ? search : ''}${typeof hash === 'string' ? hash : ''}`);
  }
  return null;
}

/** The same-origin page the browser came from, as a path; none for other sites. */
function referrerPath(referrer: string, origin: string): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/**
 * Where the login page goes after a login or a signup (SPEC §4): back to the article or question
 * page, or the editor, the visitor came from (router state `from`, else the referrer), otherwise home.
 */
export function pathAfterLogin(from: unknown, referrer: string, origin: string): string {
  for (const candidate of [pathOf(from), referrerPath(referrer, origin)]) {
    if (candidate && RETURN_PAGE.test(candidate)) return candidate;
  }
  return '/';
}
