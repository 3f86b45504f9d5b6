import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { startServer, type RunningServer } from './server';

export const VISIBLE = { state: 'visible', timeout: 10_000 } as const;
export const HIDDEN = { state: 'hidden', timeout: 10_000 } as const;

export const navbar = (page: Page) => page.getByRole('banner');
export const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** Holds the page's requests to `url` until the returned release() is called, to see what it shows meanwhile. */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Serves this page's documents without the first read the server writes into them
 * (apps/api/src/site-front/first-reads.ts), nor the page it painted from it (page-paints.ts), so the
 * SPA asks the API for it as after a navigation: for tests of what a page shows while its data is on the way.
 */
export async function withoutFirstRead(page: Page): Promise<void> {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const body = (await response.text())
      .replace(/<script type="application\/json" id="first-read"[^>]*>.*?<\/script>/s, '')
      .replace(/<div id="root">.*?<!--\/painted--><\/div>/s, '<div id="root"></div>');
    await route.fulfill({ response, body });
  });
}

/** What the SPA keeps of a session in local storage (apps/web/src/lib/auth-storage.ts). */
export interface StoredSession {
  userName: string;
  name: string;
  token: string;
  roleId: number;
}

/** The running site, one Chromium, and this test's browser context and page. */
export interface BrowserSite {
  readonly server: RunningServer;
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
  /**
   * Starts this test's browser over as one whose local storage already holds the session, as after
   * an earlier visit; `context` and `page` are the new ones from then on.
   */
  openWithStoredSession(session: StoredSession): Promise<Page>;
  /** A page in a browser of its own, for another person in the same test; closed after the test. */
  openAnotherBrowser(session?: StoredSession): Promise<Page>;
  /**
   * The Content-Security-Policy violations seen so far in this test, which are then forgotten. Any
   * violation left at the end of a test fails it: the SPA must run under the site's CSP.
   */
  takeCspViolations(): string[];
}

/**
 * Registers the hooks of a browser spec: one built site (startServer) and one Chromium for the
 * file, and a fresh anonymous context and page for every test. Call it at the top of the file,
 * before the spec's own hooks, so that theirs can use the server.
 */
/** `env` goes to the site (e.g. RATE_LIMITS: abuse limits are off unless a spec sets it). */
/** `host: 'localhost'` serves the site by that name (passkeys need a domain, not 127.0.0.1). */
export function useBrowserSite(options: { env?: Record<string, string>; host?: 'localhost' } = {}): BrowserSite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let others: BrowserContext[] = [];
  let cspViolations: string[] = [];

  const newContext = async (session?: StoredSession) => {
    const { url } = required(server, 'server');
    const storageState = session && { cookies: [], origins: [{ origin: url, localStorage: sessionEntries(session) }] };
    const opened = await required(browser, 'browser').newContext({ baseURL: url, acceptDownloads: true, storageState });
    await watchCsp(opened, (violation) => cspViolations.push(violation));
    return opened;
  };

  beforeAll(async () => {
    server = await startServer({ env: options.env, host: options.host });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  beforeEach(async () => {
    context = await newContext();
    page = await context.newPage();
  });

  afterEach(async () => {
    await Promise.all([context, ...others].filter((open) => open !== undefined).map((open) => open.close()));
    others = [];
    const violations = [...new Set(cspViolations)];
    cspViolations = [];
    if (violations.length > 0) throw new Error(`Content-Security-Policy violations:\n${violations.join('\n')}`);
  });

  return {
    get server() {
      return required(server, 'server');
    },
    get browser() {
      return required(browser, 'browser');
    },
    get context() {
      return required(context, 'context');
    },
    get page() {
      return required(page, 'page');
    },
    async openWithStoredSession(session) {
      await context?.close();
      context = await newContext(session);
      page = await context.newPage();
      return page;
    },
    async openAnotherBrowser(session) {
      const other = await newContext(session);
      others.push(other);
      return other.newPage();
    },
    takeCspViolations() {
      const taken = [...new Set(cspViolations)];
      cspViolations = [];
      return taken;
    },
  };
}

/** Reports every CSP violation of the context's pages: the DOM's securitypolicyviolation events and the console's refusals. */
async function watchCsp(context: BrowserContext, report: (violation: string) => void): Promise<void> {
  await context.exposeBinding('__reportCspViolation', (_source, violation: string) => report(violation));
  // Runs in the page (before its own scripts): a string, as the tests are not compiled with the DOM's types.
  await context.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (event) => {
      window.__reportCspViolation?.(event.effectiveDirective + ' blocked ' + (event.blockedURI || 'inline') + ' (' + event.sourceFile + ':' + event.lineNumber + ')');
    });`,
  });
  context.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) report(message.text());
  });
}

function sessionEntries(session: StoredSession) {
  return [
    { name: 'userName', value: session.userName },
    { name: 'name', value: session.name },
    { name: 'token', value: session.token },
    { name: 'isLoggedIn', value: 'true' },
    { name: 'roleId', value: String(session.roleId) },
  ];
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`The browser site has no ${what} here: use it inside a test or a hook after useBrowserSite()`);
  return value;
}
