import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { runCli } from '../support/run-cli';
import { startServer, type RunningServer } from '../support/server';
import { callSite, signUpOnSite } from '../support/site-api';

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
    const author = await signUpOnSite(server.url, 'Ada Lovelace');
    const tags = (await callSite<Array<{ id: number; subTag: string }>>(server.url, 'GET', '/api/Tag')).slice(0, 2);
    const article = { title: 'C# Generics / LINQ explained', description: 'Type parameters and queries', categoryId: 3, tags, content: '<p>Generics.</p>', isPublished: true };
    const articleId = await callSite<number>(server.url, 'POST', '/api/Article', { token: author.token, body: article });
    await callSite(server.url, 'PUT', '/api/Article', { token: author.token, body: { ...article, id: articleId, content: '<p>Generics, revisited.</p>' } });
    const question = { title: "What's new in .NET 9?", categoryId: 3, tags, content: '<p>What changed?</p>' };
    const questionId = await callSite<number>(server.url, 'POST', '/api/Question', { token: author.token, body: question });

    await page.goto('/');
    const articles = page.getByRole('region', { name: 'Latest Articles' });
    const questions = page.getByRole('region', { name: 'Latest Questions' });
    expect(await articles.getByRole('link', { name: 'C# Generics / LINQ explained' }).getAttribute('href')).toBe(`/article/${articleId}/csharp-generics-linq-explained`);
    expect(await questions.getByRole('link', { name: "What's new in .NET 9?" }).getAttribute('href')).toBe(`/question/${questionId}/whats-new-in-dotnet-9`);
    expect(await articles.getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe(`/profile/${author.userName}`);
    await articles.getByText(/^Last modified about (a moment|\d+ seconds?) ago$/).waitFor(VISIBLE);
    await questions.getByText(/^Created on about (a moment|\d+ seconds?) ago$/).waitFor(VISIBLE);
    expect(await articles.getByRole('list', { name: 'Tags' }).getByRole('listitem').allTextContents()).toEqual(tags.map((tag) => tag.subTag));
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
    await page.getByRole('heading', { name: 'Article not found', exact: true }).waitFor(VISIBLE);
    const reloaded = await page.reload();
    expect(reloaded?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Article not found', exact: true }).waitFor(VISIBLE);
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
  /** A fresh browser whose local storage already holds a session, as after an earlier visit. */
  async function openWithStoredSession(stored: { userName: string; name: string; token: string; roleId: number }): Promise<Page> {
    await context.close();
    const localStorage = [
      { name: 'userName', value: stored.userName },
      { name: 'name', value: stored.name },
      { name: 'token', value: stored.token },
      { name: 'isLoggedIn', value: 'true' },
      { name: 'roleId', value: String(stored.roleId) },
    ];
    context = await browser.newContext({ baseURL: server.url, storageState: { cookies: [], origins: [{ origin: server.url, localStorage }] } });
    return context.newPage();
  }

  async function storedAuth(): Promise<Record<string, string>> {
    const { origins } = await context.storageState();
    const entries = origins.find((origin) => origin.origin === server.url)?.localStorage ?? [];
    const authKeys = ['userName', 'name', 'token', 'isLoggedIn', 'roleId'];
    return Object.fromEntries(entries.filter((entry) => authKeys.includes(entry.name)).map((entry) => [entry.name, entry.value]));
  }

  it('clears a stored session the server does not accept, silently', async () => {
    page = await openWithStoredSession({ userName: 'ada', name: 'Ada Lovelace', token: 'not-a-real-token', roleId: 1 });
    await page.goto('/');
    await navbar(page).getByRole('link', { name: 'Login' }).waitFor(VISIBLE);
    expect(await storedAuth()).toEqual({});
  });

  it('refreshes a validated session from the server, shows Admin once granted, and logs out to /login', async () => {
    const user = await signUpOnSite(server.url, 'Ada King');
    // What an earlier visit stored: the server's name and role win over it on startup.
    page = await openWithStoredSession({ userName: user.userName, name: 'Ada Stale', token: user.token, roleId: 1 });
    const authorizations: Array<string | undefined> = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/Account/IsTokenValid')) authorizations.push(request.headers()['authorization']);
    });
    await page.goto('/');

    const profile = navbar(page).getByRole('link', { name: 'Ada King' });
    await profile.waitFor(VISIBLE);
    expect(authorizations).toEqual([`Bearer ${user.token}`]);
    expect(await profile.getAttribute('href')).toBe(`/profile/${user.userName}`);
    expect(await navbar(page).getByRole('link', { name: 'Admin' }).count()).toBe(0);
    expect(await storedAuth()).toEqual({ userName: user.userName, name: 'Ada King', token: user.token, isLoggedIn: 'true', roleId: '1' });

    // The operator grants admin while the site runs; the role applies without a new login.
    const granted = runCli(server.dataDir, ['grant-admin', user.email]);
    expect(granted.status).toBe(0);
    await eventually(async () => {
      await page.reload();
      await profile.waitFor(VISIBLE);
      return (await storedAuth()).roleId === '2';
    }, 'the granted role to reach the session', 15_000);
    await navbar(page).getByRole('link', { name: 'Admin' }).waitFor(VISIBLE);

    await navbar(page).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await navbar(page).getByRole('link', { name: 'Login' }).waitFor(VISIBLE);
    expect(await navbar(page).getByRole('link', { name: 'Admin' }).count()).toBe(0);
    expect(await storedAuth()).toEqual({});
  });
});
