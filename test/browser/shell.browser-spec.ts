import type { Page } from 'playwright-core';
import { logIn } from '../support/account-pages';
import { holdRequests, navbar, useBrowserSite, VISIBLE, withoutFirstRead } from '../support/browser-site';
import { eventually } from '../support/eventually';
import { runCli } from '../support/run-cli';
import { callSite, signUpOnSite } from '../support/site-api';

jest.setTimeout(60_000);

const site = useBrowserSite();

const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
const footer = (page: Page) => page.getByRole('contentinfo');

async function expectHome(page: Page) {
  await page.getByRole('heading', { name: 'Latest Articles' }).waitFor(VISIBLE);
  await page.getByRole('heading', { name: 'Latest Questions' }).waitFor(VISIBLE);
}

describe('SPA shell', () => {
  it('shows the latest articles and questions and the contribute links on Home', async () => {
    await site.page.goto('/');
    await expectHome(site.page);
    for (const [name, href] of [
      ['Submit an Article', '/article/submit'],
      ['Ask a Question', '/question/ask'],
      ['Upload Documents', '/documents/upload'],
    ]) {
      expect(await site.page.getByRole('complementary', { name: 'Contribute' }).getByRole('link', { name }).getAttribute('href')).toBe(
        href,
      );
    }
    await footer(site.page).getByText('© 2012-2025').waitFor(VISIBLE);
    await footer(site.page).getByText('Version 2025').waitFor(VISIBLE);
  });

  it('links each listed post to its slugged page and its author profile, with its relative time and tags', async () => {
    const author = await signUpOnSite(site.server.url, 'Ada Lovelace');
    const tags = (await callSite<Array<{ id: number; subTag: string }>>(site.server.url, 'GET', '/api/Tag')).slice(0, 2);
    const article = {
      title: 'C# Generics / LINQ explained',
      description: 'Type parameters and queries',
      categoryId: 3,
      tags,
      content: '<p>Generics.</p>',
      isPublished: true,
    };
    const articleId = await callSite<number>(site.server.url, 'POST', '/api/Article', { token: author.token, body: article });
    await callSite(site.server.url, 'PUT', '/api/Article', {
      token: author.token,
      body: { ...article, id: articleId, content: '<p>Generics, revisited.</p>' },
    });
    const question = { title: "What's new in .NET 9?", categoryId: 3, tags, content: '<p>What changed?</p>' };
    const questionId = await callSite<number>(site.server.url, 'POST', '/api/Question', { token: author.token, body: question });

    await site.page.goto('/');
    const articles = site.page.getByRole('region', { name: 'Latest Articles' });
    const questions = site.page.getByRole('region', { name: 'Latest Questions' });
    expect(await articles.getByRole('link', { name: 'C# Generics / LINQ explained' }).getAttribute('href')).toBe(
      `/article/${articleId}/csharp-generics-linq-explained`,
    );
    expect(await questions.getByRole('link', { name: "What's new in .NET 9?" }).getAttribute('href')).toBe(
      `/question/${questionId}/whats-new-in-dotnet-9`,
    );
    expect(await articles.getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe(`/profile/${author.userName}`);
    await articles.getByText(/^Last modified about (a moment|\d+ seconds?) ago$/).waitFor(VISIBLE);
    await questions.getByText(/^Created on about (a moment|\d+ seconds?) ago$/).waitFor(VISIBLE);
    expect(await articles.getByRole('list', { name: 'Tags' }).getByRole('listitem').allTextContents()).toEqual(
      tags.map((tag) => tag.subTag),
    );
  });

  it('opens the Articles dropdown and follows the C# shortcut to the article search', async () => {
    await site.page.goto('/');
    const articles = navbar(site.page).getByRole('button', { name: 'Articles' });
    await articles.click();
    const menu = navbar(site.page).getByRole('list', { name: 'Articles' });
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
    await site.page.waitForURL((url) => url.pathname === '/search');
    expect(query(site.page)).toEqual({ searchString: '', category: '3', entityType: '1', orderBy: '0' });
    await site.page.getByRole('heading', { name: 'Search' }).waitFor(VISIBLE);
    await menu.waitFor({ state: 'hidden' });
    expect(await articles.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes an open dropdown on an outside click', async () => {
    await site.page.goto('/');
    await navbar(site.page).getByRole('button', { name: 'Questions' }).click();
    const menu = navbar(site.page).getByRole('list', { name: 'Questions' });
    await menu.getByRole('link', { name: 'Ask a Question' }).waitFor(VISIBLE);
    await footer(site.page).getByText('Version 2025').click();
    await menu.waitFor({ state: 'hidden' });
  });

  it('keeps the content below the sticky navbar as it grows and collapses on a narrow screen', async () => {
    // The navbar sticks to the top in the page flow: the first thing in the page starts right below it.
    const paddedByNavbar = (minHeight: number, maxHeight: number) =>
      eventually(async () => {
        const navbarBox = await navbar(site.page).boundingBox();
        const mainBox = await site.page.getByRole('main').boundingBox();
        return (
          !!navbarBox &&
          !!mainBox &&
          navbarBox.height >= minHeight &&
          navbarBox.height <= maxHeight &&
          Math.abs(mainBox.y - navbarBox.height) < 1
        );
      }, 'content padding to follow the navbar height');
    await site.page.setViewportSize({ width: 400, height: 800 });
    await site.page.goto('/about-me');
    await paddedByNavbar(30, 100);
    await navbar(site.page).getByRole('button', { name: 'Toggle navigation' }).click();
    await paddedByNavbar(200, 800);
    await navbar(site.page).getByRole('link', { name: 'Home' }).click();
    await site.page.waitForURL((url) => url.pathname === '/');
    await paddedByNavbar(30, 100);
  });

  it('searches articles and questions of every category from the navbar', async () => {
    await site.page.goto('/about-site');
    await navbar(site.page).getByRole('searchbox', { name: 'Search articles and questions' }).fill('dependency injection');
    await navbar(site.page).getByRole('searchbox').press('Enter');
    await site.page.waitForURL((url) => url.pathname === '/search');
    expect(query(site.page)).toEqual({ searchString: 'dependency injection', category: '-1', entityType: '100', orderBy: '0' });
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
    await site.page.goto('/');
    await footer(site.page).getByRole('link', { name: label, exact: true }).click();
    await site.page.waitForURL((url) => url.pathname === path);
    await site.page.getByRole('main').getByText(text).waitFor(VISIBLE);
    await footer(site.page).getByRole('link', { name: 'Home', exact: true }).click();
    await site.page.waitForURL((url) => url.pathname === '/');
    await expectHome(site.page);
  });

  it('shows Home for an unknown path', async () => {
    const response = await site.page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await expectHome(site.page);
  });

  it('serves the SPA for a deep link and after a reload (404 for a post nobody may read)', async () => {
    const response = await site.page.goto('/article/12/some-title');
    expect(response?.status()).toBe(404);
    expect(response?.headers()['content-type']).toContain('text/html');
    await site.page.getByRole('heading', { name: 'Article not found', exact: true }).waitFor(VISIBLE);
    const reloaded = await site.page.reload();
    expect(reloaded?.status()).toBe(404);
    await site.page.getByRole('heading', { name: 'Article not found', exact: true }).waitFor(VISIBLE);
    await navbar(site.page).getByRole('link', { name: 'Home' }).waitFor(VISIBLE);
  });

  it('initialises the advertisement slot after 3 seconds', async () => {
    await site.page.goto('/');
    const banner = site.page.getByRole('complementary', { name: 'Advertisement' });
    await banner.waitFor(VISIBLE);
    expect(await banner.getAttribute('data-ready')).toBe('false');
    await banner.getByText('Advertisement').waitFor({ state: 'visible', timeout: 6_000 });
  });

  it('shows the loading overlay while a request is pending', async () => {
    await withoutFirstRead(site.page);
    const release = await holdRequests(site.page, '**/api/Home/');
    await site.page.goto('/');
    const overlay = site.page.getByRole('status', { name: 'Loading' });
    await overlay.waitFor(VISIBLE);
    release();
    await overlay.waitFor({ state: 'hidden' });
  });
});

describe('session', () => {
  async function storedAuth(): Promise<Record<string, string>> {
    const { origins } = await site.context.storageState();
    const entries = origins.find((origin) => origin.origin === site.server.url)?.localStorage ?? [];
    const authKeys = ['userName', 'name', 'token', 'isLoggedIn', 'roleId'];
    return Object.fromEntries(entries.filter((entry) => authKeys.includes(entry.name)).map((entry) => [entry.name, entry.value]));
  }

  it('clears a stored session the server does not accept, silently', async () => {
    const page = await site.openWithStoredSession({ userName: 'ada', name: 'Ada Lovelace', token: 'not-a-real-token', roleId: 1 });
    await page.goto('/');
    await navbar(page).getByRole('link', { name: 'Login' }).waitFor(VISIBLE);
    expect(await storedAuth()).toEqual({});
  });

  it('refreshes a validated session from the server, shows Admin once granted, and logs out to /login', async () => {
    const user = await signUpOnSite(site.server.url, 'Ada King');
    // What an earlier visit stored: the server's name and role win over it on startup.
    const page = await site.openWithStoredSession({ userName: user.userName, name: 'Ada Stale', token: user.token, roleId: 1 });
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

    // The operator grants admin while the site runs: that ends the user's sessions, so the stored
    // token is refused on the next visit; logged in again, the user is an admin.
    const granted = runCli(site.server.dataDir, ['grant-admin', user.email]);
    expect(granted.status).toBe(0);
    await eventually(
      async () => {
        await page.reload();
        return (await navbar(page).getByRole('link', { name: 'Login' }).count()) === 1;
      },
      'the granted role to end the old session',
      15_000,
    );
    expect(await storedAuth()).toEqual({});
    await navbar(page).getByRole('link', { name: 'Login' }).click();
    await logIn(page, user.email, user.password);
    await profile.waitFor(VISIBLE);
    expect((await storedAuth()).roleId).toBe('2');
    await navbar(page).getByRole('link', { name: 'Admin' }).waitFor(VISIBLE);

    await navbar(page).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await navbar(page).getByRole('link', { name: 'Login' }).waitFor(VISIBLE);
    expect(await navbar(page).getByRole('link', { name: 'Admin' }).count()).toBe(0);
    expect(await storedAuth()).toEqual({});
  });
});
