/**
 * Just enough of a browser for redirect flows: fetch with a cookie jar per host, following
 * redirects itself (so each hop's Set-Cookie is kept), and posting HTML forms.
 */
export class RedirectBrowser {
  private readonly jar = new Map<string, Map<string, string>>();

  /** Follows redirects from `url`; answers the last response and its URL. Stops early at a URL `stopAt` accepts. */
  async go(
    url: string,
    init: RequestInit = {},
    stopAt: (url: URL) => boolean = () => false,
  ): Promise<{ url: URL; response: Response; body: string }> {
    let current = new URL(url);
    let request: RequestInit = init;
    for (let hop = 0; hop < 20; hop++) {
      if (stopAt(current)) return { url: current, response: new Response(null, { status: 200 }), body: '' };
      const headers = new Headers(request.headers);
      const cookie = this.cookiesFor(current);
      if (cookie) headers.set('cookie', cookie);
      const response = await fetch(current, { ...request, headers, redirect: 'manual' });
      this.keep(current, response);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        current = new URL(location, current);
        request = {};
        continue;
      }
      return { url: current, response, body: await response.text() };
    }
    throw new Error('Too many redirects');
  }

  /** Submits the (first) form of an HTML page with these fields, following redirects. */
  submitForm(page: { url: URL; body: string }, fields: Record<string, string>, stopAt?: (url: URL) => boolean) {
    const action = /<form[^>]*action="([^"]+)"/.exec(page.body)?.[1];
    if (!action) throw new Error(`No form on ${page.url.href}: ${page.body.slice(0, 300)}`);
    return this.go(
      new URL(action.replace(/&amp;/g, '&'), page.url).href,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      },
      stopAt,
    );
  }

  cookiesFor(url: URL): string {
    return [...(this.jar.get(url.host) ?? new Map<string, string>())].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Paths and expiry are ignored: the flows under test never rely on them, except deletion (an empty value or Max-Age=0). */
  private keep(url: URL, response: Response) {
    const cookies = this.jar.get(url.host) ?? new Map<string, string>();
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...value] = pair.split('=');
      const deleted =
        value.join('=') === '' ||
        attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute) || /expires=Thu, 01 Jan 1970/i.test(attribute));
      if (deleted) cookies.delete(name.trim());
      else cookies.set(name.trim(), value.join('='));
    }
    this.jar.set(url.host, cookies);
  }
}
