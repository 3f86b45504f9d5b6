import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';

jest.setTimeout(60_000);

const VISIBLE = { state: 'visible', timeout: 10_000 } as const;

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

beforeEach(async () => {
  context = await browser.newContext({ baseURL: server.url });
  page = await context.newPage();
});

afterEach(async () => {
  await context?.close();
});

const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
const navbar = (page: Page) => page.getByRole('banner');
const footer = (page: Page) => page.getByRole('contentinfo');

/** Polls a condition the page reaches on its own (layout, timers). */
async function eventually(condition: () => Promise<boolean>, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function expectHome(page: Page) {
  await page.getByRole('heading', { name: 'Latest Articles' }).waitFor(VISIBLE);
  await page.getByRole('heading', { name: 'Latest Questions' }).waitFor(VISIBLE);
}

describe('SPA shell', () => {
  it('shows the latest articles and questions and the contribute links on Home', async () => {
    await page.goto('/');
    await expectHome(page);
    for (const [name, href] of [
      ['Submit an Article', '/article/submit'],
      ['Ask a Question', '/question/ask'],
      ['Upload Documents', '/documents/upload'],
    ]) {
      expect(await page.getByRole('complementary', { name: 'Contribute' }).getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    await footer(page).getByText('© 2012-2025').waitFor(VISIBLE);
    await footer(page).getByText('Version 2025').waitFor(VISIBLE);
  });

  it('links each listed post to its slugged page and its author profile, with its relative time and tags', async () => {
    // The home list is answered here so the grid item is checked without the post-writing API.
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString().replace('Z', '');
    const post = (id: number, entityType: number, title: string, updatedOn: string | null) => ({
      id,
      entityType,
      title,
      name: 'Ada Lovelace',
      uName: 'ada',
      tags: [{ id: 1, subTag: 'Generics' }, { id: 2, subTag: 'LINQ' }],
      likes: 0,
      isApproved: true,
      createdOn: minutesAgo(90),
      updatedOn,
      articleDescription: null,
    });
    await page.route('**/api/Home/', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          success: true,
          result: { articles: [post(41, 1, 'C# Generics / LINQ explained', minutesAgo(5))], questions: [post(42, 2, "What's new in .NET 9?", null)] },
          errorMessage: null,
          timeStamp: new Date().toISOString(),
        }),
      }),
    );
    await page.goto('/');
    const articles = page.getByRole('region', { name: 'Latest Articles' });
    const questions = page.getByRole('region', { name: 'Latest Questions' });
    expect(await articles.getByRole('link', { name: 'C# Generics / LINQ explained' }).getAttribute('href')).toBe('/article/41/csharp-generics-linq-explained');
    expect(await questions.getByRole('link', { name: "What's new in .NET 9?" }).getAttribute('href')).toBe('/question/42/whats-new-in-dotnet-9');
    expect(await articles.getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe('/profile/ada');
    await articles.getByText('Last modified about 5 minutes ago').waitFor(VISIBLE);
    await questions.getByText('Created on about 1 hour ago').waitFor(VISIBLE);
    expect(await articles.getByRole('list', { name: 'Tags' }).getByRole('listitem').allTextContents()).toEqual(['Generics', 'LINQ']);
  });

  it('opens the Articles dropdown and follows the C# shortcut to the article search', async () => {
    await page.goto('/');
    const articles = navbar(page).getByRole('button', { name: 'Articles' });
    await articles.click();
    const menu = navbar(page).getByRole('list', { name: 'Articles' });
    await menu.waitFor(VISIBLE);
    expect(await menu.getByRole('link').allTextContents()).toEqual([
      'All',
      'C#',
      'Data Structures and Algorithms',
      'Design Patterns',
      'Multithreading',
      'Machine Learning',
      'Upload Documents',
      'Submit an Article',
    ]);
    await menu.getByRole('link', { name: 'C#', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/search');
    expect(query(page)).toEqual({ searchString: '', category: '3', entityType: '1', orderBy: '0' });
    await page.getByRole('heading', { name: 'Search' }).waitFor(VISIBLE);
    await menu.waitFor({ state: 'hidden' });
    expect(await articles.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes an open dropdown on an outside click', async () => {
    await page.goto('/');
    await navbar(page).getByRole('button', { name: 'Questions' }).click();
    const menu = navbar(page).getByRole('list', { name: 'Questions' });
    await menu.getByRole('link', { name: 'Ask a Question' }).waitFor(VISIBLE);
    await footer(page).getByText('Version 2025').click();
    await menu.waitFor({ state: 'hidden' });
  });

  it('keeps the content below the fixed navbar as it grows and collapses on a narrow screen', async () => {
    // The navbar is fixed, so the first thing in the page flow must start right below it.
    const paddedByNavbar = (minHeight: number, maxHeight: number) =>
      eventually(async () => {
        const navbarBox = await navbar(page).boundingBox();
        const mainBox = await page.getByRole('main').boundingBox();
        return !!navbarBox && !!mainBox && navbarBox.height >= minHeight && navbarBox.height <= maxHeight && Math.abs(mainBox.y - navbarBox.height) < 1;
      }, 'content padding to follow the navbar height');
    await page.setViewportSize({ width: 400, height: 800 });
    await page.goto('/about-me');
    await paddedByNavbar(30, 100);
    await navbar(page).getByRole('button', { name: 'Toggle navigation' }).click();
    await paddedByNavbar(200, 800);
    await navbar(page).getByRole('link', { name: 'Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await paddedByNavbar(30, 100);
  });

  it('searches articles and questions of every category from the navbar', async () => {
    await page.goto('/about-site');
    await navbar(page).getByRole('searchbox', { name: 'Search articles and questions' }).fill('dependency injection');
    await navbar(page).getByRole('searchbox').press('Enter');
    await page.waitForURL((url) => url.pathname === '/search');
    expect(query(page)).toEqual({ searchString: 'dependency injection', category: '-1', entityType: '100', orderBy: '0' });
  });

  it.each([
    ['About Site', '/about-site', 'free developer-learning community'],
    ['About Me', '/about-me', 'owner of this site'],
    ['Contact Me', '/contact-me', 'I would like to hear from you'],
    ['Privacy', '/privacy', 'no tracking cookies'],
    ['Privacy', '/privacy', 'not intended for children under 13'],
    ['Write For Us', '/write-for-us', '800-2,000 words'],
    ['Write For Us', '/write-for-us', 'Admins can later download uploaded documents'],
  ])('opens %s from the footer (%s) and shows "%s"', async (label, path, text) => {
    await page.goto('/');
    await footer(page).getByRole('link', { name: label, exact: true }).click();
    await page.waitForURL((url) => url.pathname === path);
    await page.getByRole('main').getByText(text).waitFor(VISIBLE);
    await footer(page).getByRole('link', { name: 'Home', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectHome(page);
  });

  it('shows Home for an unknown path', async () => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await expectHome(page);
  });

  it('serves the SPA for a deep link and after a reload', async () => {
    const response = await page.goto('/article/12/some-title');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');
    await page.getByRole('heading', { name: 'Article', exact: true }).waitFor(VISIBLE);
    const reloaded = await page.reload();
    expect(reloaded?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Article', exact: true }).waitFor(VISIBLE);
    await navbar(page).getByRole('link', { name: 'Home' }).waitFor(VISIBLE);
  });

  it('initialises the advertisement slot after 3 seconds', async () => {
    await page.goto('/');
    const banner = page.getByRole('complementary', { name: 'Advertisement' });
    await banner.waitFor(VISIBLE);
    expect(await banner.getAttribute('data-ready')).toBe('false');
    await banner.getByText('Advertisement').waitFor({ state: 'visible', timeout: 6_000 });
  });

  it('shows the loading overlay while a request is pending', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/Home/', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    const overlay = page.getByRole('status', { name: 'Loading' });
    await overlay.waitFor(VISIBLE);
    release();
    await overlay.waitFor({ state: 'hidden' });
  });
});

describe('session', () => {
  const session = (token: string) => [
    { name: 'userName', value: 'ada' },
    { name: 'name', value: 'Ada Lovelace' },
    { name: 'token', value: token },
    { name: 'isLoggedIn', value: 'true' },
    { name: 'roleId', value: '2' },
  ];

  /** A fresh browser whose local storage already holds a session, as after an earlier visit. */
  async function openWithStoredSession(token: string): Promise<Page> {
    await context.close();
    context = await browser.newContext({
      baseURL: server.url,
      storageState: { cookies: [], origins: [{ origin: server.url, localStorage: session(token) }] },
    });
    return context.newPage();
  }

  async function storedAuth(): Promise<Record<string, string>> {
    const { origins } = await context.storageState();
    const entries = origins.find((origin) => origin.origin === server.url)?.localStorage ?? [];
    const authKeys = ['userName', 'name', 'token', 'isLoggedIn', 'roleId'];
    return Object.fromEntries(entries.filter((entry) => authKeys.includes(entry.name)).map((entry) => [entry.name, entry.value]));
  }

  it('clears a stored session the server does not accept, silently', async () => {
    page = await openWithStoredSession('not-a-real-token');
    await page.goto('/');
    await navbar(page).getByRole('link', { name: 'Login' }).waitFor(VISIBLE);
    expect(await storedAuth()).toEqual({});
  });

  it('refreshes a validated session, shows the logged-in navbar, takes a renewed token and logs out to /login', async () => {
    // The token check is answered here so the navbar can be exercised without an account; its
    // server side is covered by the account e2e tests.
    page = await openWithStoredSession('stored-token');
    const authorizations: Array<string | undefined> = [];
    await page.route('**/api/Account/IsTokenValid', (route) => {
      authorizations.push(route.request().headers()['authorization']);
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        headers: { 'auth-token': 'renewed-token' },
        body: JSON.stringify({ success: true, result: { userName: 'ada', name: 'Ada King', roleId: 2 }, errorMessage: null, timeStamp: new Date().toISOString() }),
      });
    });
    await page.goto('/');

    const profile = navbar(page).getByRole('link', { name: 'Ada King' });
    await profile.waitFor(VISIBLE);
    expect(authorizations).toEqual(['Bearer stored-token']);
    expect(await profile.getAttribute('href')).toBe('/profile/ada');
    await navbar(page).getByRole('link', { name: 'Admin' }).waitFor(VISIBLE);
    expect(await storedAuth()).toEqual({ userName: 'ada', name: 'Ada King', token: 'renewed-token', isLoggedIn: 'true', roleId: '2' });

    await navbar(page).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await navbar(page).getByRole('link', { name: 'Login' }).waitFor(VISIBLE);
    expect(await navbar(page).getByRole('link', { name: 'Admin' }).count()).toBe(0);
    expect(await storedAuth()).toEqual({});
  });
});
