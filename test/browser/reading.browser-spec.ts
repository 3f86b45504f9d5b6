import type { Request } from 'playwright-core';
import { loginForm, logIn } from '../support/account-pages';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { heading, HIDDEN, holdRequests, navbar, useBrowserSite, VISIBLE } from '../support/browser-site';
import { eventually } from '../support/eventually';
import { latestArticles } from '../support/post-pages';
import { callSite, grantAdmin, signUpOnSite, type SiteAccount } from '../support/site-api';

jest.setTimeout(90_000);

/** Issue 14: reading a post: highlighted code with copy buttons, reading time, Edit for whom it is for, Home while loading. */
const site = useBrowserSite();
let author: SiteAccount;
let reader: SiteAccount;
let admin: SiteAccount;
let tags: { id: number; subTag: string }[];

beforeAll(async () => {
  author = await signUpOnSite(site.server.url, 'Ada Lovelace');
  reader = await signUpOnSite(site.server.url, 'Rita Reader');
  admin = await signUpOnSite(site.server.url, 'Root Admin');
  await grantAdmin(site.server, admin);
  tags = (await callSite<{ id: number; subTag: string }[]>(site.server.url, 'GET', '/api/Tag')).slice(0, 1);
});

const CSHARP = 'var numbers = new List<int>();\nforeach (var n in numbers) { Console.WriteLine(n); }';
const PYTHON = 'def greet(name):\n    return f"Hello {name}"';
const escape = (code: string) => code.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const words = (count: number) => Array.from({ length: count }, (_, index) => `word${index}`).join(' ');

const createArticle = (overrides: Record<string, unknown> = {}) =>
  callSite<number>(site.server.url, 'POST', '/api/Article', {
    token: author.token,
    body: {
      title: 'Highlighted generics',
      description: 'Code that reads well',
      categoryId: 3,
      tags,
      content:
        `<p>${words(590)}</p>` +
        `<pre><code class="language-csharp">${escape(CSHARP)}</code></pre>` +
        `<pre><code class="language-python">${escape(PYTHON)}</code></pre>`,
      source: '',
      instructions: '',
      isPublished: true,
      defaultImageId: -1,
      ...overrides,
    },
  });

describe('code blocks in a post', () => {
  it('are highlighted by language, keyboard-scrollable, and copied to the clipboard with visible feedback', async () => {
    const id = await createArticle();
    await site.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.server.url });
    await site.page.goto(`/article/${id}/highlighted-generics`);
    await heading(site.page, 'Highlighted generics').waitFor(VISIBLE);

    const csharp = site.page.getByLabel('Code (C#)', { exact: true });
    await csharp.waitFor(VISIBLE);
    const keywords = await csharp.locator('.hljs-keyword').allTextContents();
    expect(keywords).toEqual(expect.arrayContaining(['var', 'new', 'foreach', 'in']));
    expect(await csharp.locator('code').textContent()).toBe(CSHARP);
    const python = site.page.getByLabel('Code (Python)', { exact: true });
    expect(await python.locator('.hljs-keyword').allTextContents()).toEqual(expect.arrayContaining(['def', 'return']));
    expect(await python.locator('.hljs-string').count()).toBeGreaterThan(0);
    expect(await csharp.getAttribute('tabindex')).toBe('0');

    // The painted post has its code already; the Copy buttons come with the SPA, after hydration.
    const copyButtons = site.page.getByRole('button', { name: 'Copy code' });
    await copyButtons.nth(1).waitFor(VISIBLE);
    expect(await copyButtons.count()).toBe(2);
    await copyButtons.nth(1).click();
    await site.page.getByRole('button', { name: 'Copied code' }).waitFor(VISIBLE);
    expect(await site.page.evaluate('navigator.clipboard.readText()')).toBe(PYTHON);
    await site.page.getByRole('button', { name: 'Copied code' }).waitFor({ state: 'hidden', timeout: 5_000 });

    // Reading time: about 600 words at 200 a minute.
    await site.page.getByText('3 min read', { exact: true }).waitFor(VISIBLE);
    await expectNoSeriousA11yViolations(site.page, 'the article view with code blocks');
  });
});

describe('the Edit link of a post', () => {
  it('shows to the author and to admins, not to other readers, whose editor says they are not allowed', async () => {
    const id = await createArticle({ title: 'Whose article' });
    const view = `/article/${id}/whose-article`;
    const edit = (page: typeof site.page) => page.getByRole('link', { name: 'Edit', exact: true });

    const readerPage = await site.openAnotherBrowser(reader);
    await readerPage.goto(view);
    await heading(readerPage, 'Whose article').waitFor(VISIBLE);
    expect(await edit(readerPage).count()).toBe(0);
    await readerPage.goto(`/article/submit?id=${id}`);
    await readerPage.getByRole('alert').getByText('You are not allowed to edit this article').waitFor(VISIBLE);
    expect(await readerPage.getByLabel('Title').count()).toBe(0);

    const visitor = await site.openAnotherBrowser();
    await visitor.goto(view);
    await heading(visitor, 'Whose article').waitFor(VISIBLE);
    expect(await edit(visitor).count()).toBe(0);

    for (const account of [author, admin]) {
      const page = await site.openAnotherBrowser(account);
      await page.goto(view);
      await edit(page).click();
      await page.getByRole('heading', { name: 'Edit Article' }).waitFor(VISIBLE);
      await eventually(async () => (await page.getByLabel('Title').inputValue()) === 'Whose article', 'the article to load for edit');
    }
  });
});

describe('Home while it loads', () => {
  it("shows a skeleton, not 'No articles yet.', until the answer comes", async () => {
    await createArticle({ title: 'Listed on home' });
    // Opened from another page: a page that opens on home already holds its first read.
    await site.page.goto('/about-site');
    const release = await holdRequests(site.page, '**/api/Home/');
    await navbar(site.page).getByRole('link', { name: 'Home', exact: true }).click();
    await latestArticles(site.page).locator('.posts-skeleton-row').first().waitFor(VISIBLE);
    await latestArticles(site.page).getByText('Loading latest articles…').waitFor({ state: 'attached' });
    expect(await latestArticles(site.page).getAttribute('aria-busy')).toBe('true');
    expect(await site.page.getByText('No articles yet.').count()).toBe(0);
    release();
    await latestArticles(site.page).getByRole('link', { name: 'Listed on home' }).waitFor(VISIBLE);
    expect(await latestArticles(site.page).locator('.posts-skeleton-row').count()).toBe(0);
    expect(await latestArticles(site.page).getAttribute('aria-busy')).toBe('false');
  });
});

describe('the first read of a post page', () => {
  it("comes with the page for a visitor, while a logged-in reader's page asks the API for their own view", async () => {
    const id = await createArticle({ title: 'Read with the page' });
    const postReads: Request[] = [];
    const countPostReads = (request: Request) => {
      if (new URL(request.url()).pathname === `/api/Article/${id}`) postReads.push(request);
    };
    site.page.on('request', countPostReads);
    try {
      await site.page.goto(`/article/${id}/read-with-the-page`);
      await heading(site.page, 'Read with the page').waitFor(VISIBLE);
      await site.page.getByText('word589').waitFor(VISIBLE);
      // The SPA has taken over the paint (it adds the Copy buttons), and the page has its final height.
      await site.page.getByRole('button', { name: 'Copy code' }).first().waitFor(VISIBLE);
      expect(postReads).toHaveLength(0);

      // The login form is under the comments, which come as the reader scrolls to them.
      await site.page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
      await logIn(site.page, reader.email, reader.password);
      await loginForm(site.page).waitFor(HIDDEN);
      postReads.length = 0;
      await site.page.reload();
      await heading(site.page, 'Read with the page').waitFor(VISIBLE);
      const askedWithSession = () => postReads.some((request) => request.headers().authorization?.startsWith('Bearer ') === true);
      await eventually(() => Promise.resolve(askedWithSession()), "the logged-in reader's own read of the post");
    } finally {
      site.page.off('request', countPostReads);
    }
  });
});
