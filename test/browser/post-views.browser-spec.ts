import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { runCli } from '../support/run-cli';
import { startServer, type RunningServer } from '../support/server';
import { callSite, signUpOnSite, type SiteAccount } from '../support/site-api';

jest.setTimeout(90_000);

const VISIBLE = { state: 'visible', timeout: 10_000 } as const;
const HIDDEN = { state: 'hidden', timeout: 10_000 } as const;

interface Tag {
  id: number;
  subTag: string;
}

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let author: SiteAccount;
let reader: SiteAccount;
let admin: SiteAccount;
let tags: Tag[];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  author = await signUpOnSite(server.url, 'Ada Lovelace');
  reader = await signUpOnSite(server.url, 'Rita Reader');
  admin = await signUpOnSite(server.url, 'Root Admin');
  const granted = runCli(server.dataDir, ['grant-admin', admin.email]);
  if (granted.status !== 0) throw new Error(`grant-admin failed: ${granted.output}`);
  await waitForAdminRole(admin);
  tags = (await callSite<Tag[]>(server.url, 'GET', '/api/Tag')).slice(0, 2);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

beforeEach(async () => {
  context = await browser.newContext({ baseURL: server.url, acceptDownloads: true });
  page = await context.newPage();
});

afterEach(async () => {
  await context?.close();
});

/** The CLI writes to the event store; the running server's accounts projection applies it shortly after. */
async function waitForAdminRole(account: SiteAccount): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const result = await callSite<{ roleId: number }>(server.url, 'GET', '/api/Account/IsTokenValid', { token: account.token });
    if (Number(result.roleId) === 2) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The admin role did not reach the server');
}

/** Starts every page of this context with the account's session in local storage (SPEC §3 Authorization info). */
async function logInAs(account: SiteAccount, roleId = account.roleId): Promise<void> {
  const session = { userName: account.userName, name: account.name, token: account.token, isLoggedIn: 'true', roleId: String(roleId) };
  await context.addInitScript(Object.entries(session).map(([key, value]) => `window.localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)});`).join('\n'));
}

const articleBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'C# Generics explained',
  description: 'Type parameters, constraints and variance',
  categoryId: 3,
  tags,
  content:
    '<h2>Generics</h2><p>Generics let you write <strong>type-safe</strong> code.</p>' +
    '<pre><code class="language-csharp">var numbers = new List&lt;int&gt;();</code></pre>' +
    '<table><tbody><tr><th>Kind</th><th>Example</th></tr><tr><td>Class</td><td>List&lt;T&gt;</td></tr></tbody></table>',
  source: 'https://learn.microsoft.com/dotnet/csharp/fundamentals/types/generics',
  instructions: '',
  isPublished: true,
  defaultImageId: -1,
  ...overrides,
});

const questionBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'How do I cancel a Task?',
  categoryId: 123,
  tags,
  content: '<p>I start a <code>Task</code> and want to stop it. How?</p>',
  defaultImageId: -1,
  ...overrides,
});

const createArticle = (overrides: Record<string, unknown> = {}, account = author) =>
  callSite<number>(server.url, 'POST', '/api/Article', { token: account.token, body: articleBody(overrides) });
const createQuestion = (overrides: Record<string, unknown> = {}, account = author) =>
  callSite<number>(server.url, 'POST', '/api/Question', { token: account.token, body: questionBody(overrides) });

/** POST /api/File (multipart): attaches a text file to an article. */
async function attachTextFile(articleId: number, fileDisplayName: string, text: string): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), fileDisplayName);
  form.append('AttachmentTypeId', '2');
  form.append('FileDisplayName', fileDisplayName);
  form.append('Instructions', '');
  form.append('ReferenceId', String(articleId));
  const response = await fetch(`${server.url}/api/File`, { method: 'POST', headers: { Authorization: `Bearer ${author.token}` }, body: form });
  if (!response.ok) throw new Error(`Upload failed: ${response.status} ${await response.text()}`);
}

const pathOf = (page: Page) => new URL(page.url()).pathname;
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const adminPosts = (page: Page) => page.getByRole('region', { name: 'Posts' });
const postRow = (page: Page, title: string) => adminPosts(page).getByRole('listitem').filter({ has: page.getByRole('link', { name: title, exact: true }) });

async function homeTitles(): Promise<string[]> {
  const home = await callSite<{ articles: { title: string }[]; questions: { title: string }[] }>(server.url, 'GET', '/api/Home/');
  return [...home.articles, ...home.questions].map((post) => post.title);
}

describe('article view', () => {
  it('shows a published article to a visitor, with the canonical slug, its details and a login prompt for attachments and comments', async () => {
    const id = await createArticle();
    await attachTextFile(id, 'generics-notes.txt', 'Notes about generics.\n');

    await page.goto(`/article/${id}/an-old-title`);
    await heading(page, 'C# Generics explained').waitFor(VISIBLE);
    await page.waitForURL((url) => url.pathname === `/article/${id}/csharp-generics-explained`);
    expect(await page.title()).toContain('C# Generics explained');

    await page.getByText('Type parameters, constraints and variance').waitFor(VISIBLE);
    expect(await page.getByRole('article').getByRole('link', { name: 'C#', exact: true }).getAttribute('href')).toBe('/search?searchString=&category=3&entityType=1&orderBy=0');
    const tagList = page.getByRole('list', { name: 'Tags' });
    for (const tag of tags) await tagList.getByText(tag.subTag, { exact: true }).waitFor(VISIBLE);
    const posterLinks = page.getByRole('link', { name: 'Ada Lovelace' });
    expect(await posterLinks.first().getAttribute('href')).toBe(`/profile/${author.userName}`);
    await page.getByText(/^(Created|Last modified) about \d+ seconds? ago$|^(Created|Last modified) about a moment ago$/).waitFor(VISIBLE);

    await page.locator('.post-content pre code').getByText('var numbers = new List<int>();').waitFor(VISIBLE);
    await page.locator('.post-content table').getByRole('cell', { name: 'List<T>' }).waitFor(VISIBLE);
    await page.getByRole('heading', { level: 2, name: 'Generics' }).waitFor(VISIBLE);
    expect(await page.getByRole('link', { name: articleBody().source }).getAttribute('href')).toBe(articleBody().source);

    await page.getByText('generics-notes.txt').waitFor(VISIBLE);
    const loginToDownload = page.getByRole('link', { name: 'Please Login to download this attachment' });
    expect(await loginToDownload.getAttribute('href')).toBe('/login');

    await page.getByText('0 People').waitFor(VISIBLE);
    const share = page.getByRole('region', { name: 'Like and share' });
    const pageUrl = encodeURIComponent(`${server.url}/article/${id}/csharp-generics-explained`);
    expect(await share.getByRole('link', { name: 'LinkedIn' }).getAttribute('href')).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${pageUrl}`);
    expect(await share.getByRole('link', { name: 'Facebook' }).getAttribute('href')).toBe(`https://www.facebook.com/sharer/sharer.php?u=${pageUrl}`);
    expect(await share.getByRole('link', { name: 'X (Twitter)' }).getAttribute('href')).toContain(`https://twitter.com/intent/tweet?url=${pageUrl}`);

    expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    await page.getByText('Log in or sign up to comment.').waitFor(VISIBLE);
    await page.getByRole('form', { name: 'Existing User' }).waitFor(VISIBLE);
    await page.getByRole('form', { name: 'New User' }).waitFor(VISIBLE);

    await loginToDownload.click();
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('logs a visitor in on the page itself, then shows the Edit link and downloads the attachment', async () => {
    const id = await createArticle({ title: 'Span and Memory' });
    await attachTextFile(id, 'span-notes.txt', 'Span<T> is a ref struct.\n');
    await page.goto(`/article/${id}/span-and-memory`);
    await heading(page, 'Span and Memory').waitFor(VISIBLE);

    const login = page.getByRole('form', { name: 'Existing User' });
    await login.getByLabel('Email').fill(reader.email);
    await login.getByLabel('Password').fill(reader.password);
    await login.getByRole('button', { name: 'Login' }).click();

    const edit = page.getByRole('link', { name: 'Edit', exact: true });
    await edit.waitFor(VISIBLE);
    expect(pathOf(page)).toBe(`/article/${id}/span-and-memory`);
    expect(await edit.getAttribute('href')).toBe(`/article/submit?id=${id}`);
    await page.getByRole('form', { name: 'Existing User' }).waitFor(HIDDEN);
    expect(await page.getByText('Please Login to download this attachment').count()).toBe(0);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download span-notes.txt' }).click()]);
    expect(download.suggestedFilename()).toBe('span-notes.txt');
    expect(await readFile((await download.path())!, 'utf8')).toBe('Span<T> is a ref struct.\n');
  });

  it('shows a draft with its badge to its author only', async () => {
    const id = await createArticle({ title: 'A draft about records', isPublished: false });
    await page.goto(`/article/${id}/a-draft-about-records`);
    await heading(page, 'Article not found').waitFor(VISIBLE);

    await logInAs(author);
    await page.goto(`/article/${id}/a-draft-about-records`);
    await heading(page, 'A draft about records').waitFor(VISIBLE);
    await page.getByText('Draft', { exact: true }).waitFor(VISIBLE);
  });

  it('shows a friendly page for an unknown or malformed id', async () => {
    await page.goto('/article/987654321/nothing-here');
    await heading(page, 'Article not found').waitFor(VISIBLE);
    await page.getByRole('link', { name: 'Back to Home' }).waitFor(VISIBLE);
    await page.goto('/article/not-a-number');
    await heading(page, 'Article not found').waitFor(VISIBLE);
    await page.goto('/question/987654321/nothing-here');
    await heading(page, 'Question not found').waitFor(VISIBLE);
  });
});

describe('question view', () => {
  it('shows the question without description or source, with its category link, and Edit for members', async () => {
    const id = await createQuestion();
    await page.goto(`/question/${id}`);
    await heading(page, 'How do I cancel a Task?').waitFor(VISIBLE);
    await page.waitForURL((url) => url.pathname === `/question/${id}/how-do-i-cancel-a-task`);
    expect(await page.getByRole('article').getByRole('link', { name: 'Multithreading' }).getAttribute('href')).toBe('/search?searchString=&category=123&entityType=2&orderBy=0');
    expect(await page.getByRole('link', { name: 'Ada Lovelace' }).first().getAttribute('href')).toBe(`/profile/${author.userName}`);
    await page.locator('.post-content code').getByText('Task').waitFor(VISIBLE);
    expect(await page.getByText('Source:').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    await page.getByRole('form', { name: 'Existing User' }).waitFor(VISIBLE);

    await logInAs(reader);
    await page.reload();
    const edit = page.getByRole('link', { name: 'Edit', exact: true });
    await edit.waitFor(VISIBLE);
    expect(await edit.getAttribute('href')).toBe(`/question/ask?id=${id}`);
    expect(await page.getByRole('form', { name: 'Existing User' }).count()).toBe(0);
  });
});

describe('Admin Panel', () => {
  it('sends a visitor to login and tells a member it is for admins only', async () => {
    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname === '/login');

    await logInAs(reader);
    await page.goto('/admin');
    await page.getByText('Only admins can see this page.').waitFor(VISIBLE);
    expect(await adminPosts(page).count()).toBe(0);
  });

  it('unapproves a post after confirmation, which hides it from the public', async () => {
    const title = 'Pattern matching in depth';
    const id = await createArticle({ title });
    const draftTitle = 'An unpublished draft';
    await createArticle({ title: draftTitle, isPublished: false });
    expect(await homeTitles()).toContain(title);

    await logInAs(admin);
    await page.goto('/admin');
    await heading(page, 'Admin Panel').waitFor(VISIBLE);
    await postRow(page, draftTitle).getByText('Draft', { exact: true }).waitFor(VISIBLE);
    const row = postRow(page, title);
    await row.waitFor(VISIBLE);
    expect(await row.getByRole('link', { name: title }).getAttribute('href')).toBe(`/article/${id}/pattern-matching-in-depth`);
    await row.getByRole('link', { name: 'Ada Lovelace' }).waitFor(VISIBLE);
    await row.getByText('0 People').waitFor(VISIBLE);

    // Cancel changes nothing.
    await row.getByRole('button', { name: `Unapprove ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm' });
    await dialog.getByText('Are you sure you want to perform this operation?').waitFor(VISIBLE);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor(HIDDEN);
    expect(await homeTitles()).toContain(title);

    await row.getByRole('button', { name: `Unapprove ${title}` }).click();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await row.getByRole('button', { name: `Approve ${title}` }).waitFor(VISIBLE);
    await row.getByText('Awaiting approval').waitFor(VISIBLE);
    expect(await homeTitles()).not.toContain(title);
    await page.getByRole('region', { name: 'Recent activity' }).getByText(`${admin.userName} unapproved article`).first().waitFor(VISIBLE);

    const visitor = await browser.newContext({ baseURL: server.url });
    try {
      const visitorPage = await visitor.newPage();
      await visitorPage.goto('/');
      await visitorPage.getByRole('heading', { name: 'Latest Articles' }).waitFor(VISIBLE);
      await visitorPage.getByRole('link', { name: 'C# Generics explained' }).first().waitFor(VISIBLE);
      expect(await visitorPage.getByRole('link', { name: title }).count()).toBe(0);
      await visitorPage.goto(`/article/${id}/pattern-matching-in-depth`);
      await heading(visitorPage, 'Article not found').waitFor(VISIBLE);
    } finally {
      await visitor.close();
    }
  });

  it('deletes a post after confirmation and removes its row', async () => {
    const title = 'A question to delete';
    const id = await createQuestion({ title });
    await logInAs(admin);
    await page.goto('/admin');
    const row = postRow(page, title);
    await row.getByRole('button', { name: `Delete ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm' });
    await dialog.getByText('Are you sure you want to delete this item?').waitFor(VISIBLE);
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await row.waitFor({ state: 'detached', timeout: 10_000 });
    const response = await fetch(`${server.url}/api/Question/${id}`, { headers: { Authorization: `Bearer ${admin.token}` } });
    expect(response.status).toBe(404);
  });

  it("loads the next page with 'More results'", async () => {
    for (let index = 1; index <= 21; index++) await createQuestion({ title: `Paging question ${index}` });
    const all = await callSite<unknown[]>(server.url, 'GET', '/api/Moderation/Posts?pageSize=100', { token: admin.token });

    await logInAs(admin);
    await page.goto('/admin');
    await postRow(page, 'Paging question 21').waitFor(VISIBLE);
    const rows = adminPosts(page).locator('.post-item');
    expect(await rows.count()).toBe(20);
    await adminPosts(page).getByRole('button', { name: 'More results' }).click();
    await postRow(page, 'Paging question 1').waitFor(VISIBLE);
    // Fewer than two pages in all: the second page was the last, so the link goes.
    expect(all.length).toBeLessThan(40);
    await adminPosts(page).getByRole('button', { name: 'More results' }).waitFor(HIDDEN);
    expect(await rows.count()).toBe(all.length);
  });
});
