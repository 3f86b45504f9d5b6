import { readFile } from 'node:fs/promises';
import { loginForm, logIn, signupForm } from '../support/account-pages';
import { heading, HIDDEN, useBrowserSite, VISIBLE } from '../support/browser-site';
import { adminPostRow, adminPosts, dialog } from '../support/post-pages';
import { callSite, usePostCast } from '../support/site-api';

jest.setTimeout(90_000);

const site = useBrowserSite();
const cast = usePostCast(site, 2);

const articleBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'C# Generics explained',
  description: 'Type parameters, constraints and variance',
  categoryId: 3,
  tags: cast.tags,
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
  tags: cast.tags,
  content: '<p>I start a <code>Task</code> and want to stop it. How?</p>',
  defaultImageId: -1,
  ...overrides,
});

const createArticle = (overrides: Record<string, unknown> = {}, account = cast.author) =>
  callSite<number>(site.server.url, 'POST', '/api/Article', { token: account.token, body: articleBody(overrides) });
const createQuestion = (overrides: Record<string, unknown> = {}, account = cast.author) =>
  callSite<number>(site.server.url, 'POST', '/api/Question', { token: account.token, body: questionBody(overrides) });

/** POST /api/File (multipart): attaches a text file to an article. */
async function attachTextFile(articleId: number, fileDisplayName: string, text: string): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), fileDisplayName);
  form.append('AttachmentTypeId', '2');
  form.append('FileDisplayName', fileDisplayName);
  form.append('Instructions', '');
  form.append('ReferenceId', String(articleId));
  const response = await fetch(`${site.server.url}/api/File`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${cast.author.token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`Upload failed: ${response.status} ${await response.text()}`);
}

async function homeTitles(): Promise<string[]> {
  const home = await callSite<{ articles: { title: string }[]; questions: { title: string }[] }>(site.server.url, 'GET', '/api/Home/');
  return [...home.articles, ...home.questions].map((post) => post.title);
}

describe('article view', () => {
  it('shows a published article to a visitor, with the canonical slug, its details and a login prompt for attachments and comments', async () => {
    const id = await createArticle();
    await attachTextFile(id, 'generics-notes.txt', 'Notes about generics.\n');

    await site.page.goto(`/article/${id}/an-old-title`);
    await heading(site.page, 'C# Generics explained').waitFor(VISIBLE);
    await site.page.waitForURL((url) => url.pathname === `/article/${id}/csharp-generics-explained`);
    expect(await site.page.title()).toContain('C# Generics explained');

    await site.page.getByText('Type parameters, constraints and variance').waitFor(VISIBLE);
    expect(await site.page.getByRole('article').getByRole('link', { name: 'C#', exact: true }).getAttribute('href')).toBe(
      '/search?searchString=&category=3&entityType=1&orderBy=0',
    );
    const tagList = site.page.getByRole('list', { name: 'Tags' });
    for (const tag of cast.tags) await tagList.getByText(tag.subTag, { exact: true }).waitFor(VISIBLE);
    // Each tag leads to its page, which lists its posts by the tag's id (issues 25, 26).
    for (const tag of cast.tags)
      expect(await tagList.getByRole('link', { name: tag.subTag, exact: true }).getAttribute('href')).toBe(
        `/tag/${encodeURIComponent(tag.subTag)}`,
      );
    const posterLinks = site.page.getByRole('link', { name: 'Ada Lovelace' });
    expect(await posterLinks.first().getAttribute('href')).toBe(`/profile/${cast.author.userName}`);
    await site.page
      .getByText(/^(Created|Last modified) about \d+ seconds? ago$|^(Created|Last modified) about a moment ago$/)
      .waitFor(VISIBLE);

    await site.page.locator('.post-content pre code').getByText('var numbers = new List<int>();').waitFor(VISIBLE);
    await site.page.locator('.post-content table').getByRole('cell', { name: 'List<T>' }).waitFor(VISIBLE);
    await site.page.getByRole('heading', { level: 2, name: 'Generics' }).waitFor(VISIBLE);
    expect(await site.page.getByRole('link', { name: articleBody().source }).getAttribute('href')).toBe(articleBody().source);

    await site.page.getByText('generics-notes.txt').waitFor(VISIBLE);
    const loginToDownload = site.page.getByRole('link', { name: 'Please Login to download this attachment' });
    expect(await loginToDownload.getAttribute('href')).toBe('/login');

    await site.page.getByText('0 People').waitFor(VISIBLE);
    const share = site.page.getByRole('region', { name: 'Like and share' });
    const pageUrl = encodeURIComponent(`${site.server.url}/article/${id}/csharp-generics-explained`);
    expect(await share.getByRole('link', { name: 'LinkedIn' }).getAttribute('href')).toBe(
      `https://www.linkedin.com/sharing/share-offsite/?url=${pageUrl}`,
    );
    expect(await share.getByRole('link', { name: 'Facebook' }).getAttribute('href')).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${pageUrl}`,
    );
    expect(await share.getByRole('link', { name: 'X (Twitter)' }).getAttribute('href')).toContain(
      `https://twitter.com/intent/tweet?url=${pageUrl}`,
    );

    expect(await site.page.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    await site.page.getByText('Log in or sign up to comment.').waitFor(VISIBLE);
    await loginForm(site.page).waitFor(VISIBLE);
    await signupForm(site.page).waitFor(VISIBLE);

    await loginToDownload.click();
    await site.page.waitForURL((url) => url.pathname === '/login');
  });

  it('logs the author in on the page itself, then shows the Edit link and downloads the attachment', async () => {
    const id = await createArticle({ title: 'Span and Memory' });
    await attachTextFile(id, 'span-notes.txt', 'Span<T> is a ref struct.\n');
    await site.page.goto(`/article/${id}/span-and-memory`);
    await heading(site.page, 'Span and Memory').waitFor(VISIBLE);

    await logIn(site.page, cast.author.email, cast.author.password);

    const edit = site.page.getByRole('link', { name: 'Edit', exact: true });
    await edit.waitFor(VISIBLE);
    expect(new URL(site.page.url()).pathname).toBe(`/article/${id}/span-and-memory`);
    expect(await edit.getAttribute('href')).toBe(`/article/submit?id=${id}`);
    await loginForm(site.page).waitFor(HIDDEN);
    expect(await site.page.getByText('Please Login to download this attachment').count()).toBe(0);

    const [download] = await Promise.all([
      site.page.waitForEvent('download'),
      site.page.getByRole('button', { name: 'Download span-notes.txt' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('span-notes.txt');
    expect(await readFile(await download.path(), 'utf8')).toBe('Span<T> is a ref struct.\n');
  });

  it('shows a draft with its badge to its author only', async () => {
    const id = await createArticle({ title: 'A draft about records', isPublished: false });
    await site.page.goto(`/article/${id}/a-draft-about-records`);
    await heading(site.page, 'Article not found').waitFor(VISIBLE);

    await site.openWithStoredSession(cast.author);
    await site.page.goto(`/article/${id}/a-draft-about-records`);
    await heading(site.page, 'A draft about records').waitFor(VISIBLE);
    await site.page.getByText('Draft', { exact: true }).waitFor(VISIBLE);
  });

  it('shows a friendly page for an unknown or malformed id', async () => {
    await site.page.goto('/article/987654321/nothing-here');
    await heading(site.page, 'Article not found').waitFor(VISIBLE);
    await site.page.getByRole('link', { name: 'Back to Home' }).waitFor(VISIBLE);
    await site.page.goto('/article/not-a-number');
    await heading(site.page, 'Article not found').waitFor(VISIBLE);
    await site.page.goto('/question/987654321/nothing-here');
    await heading(site.page, 'Question not found').waitFor(VISIBLE);
  });
});

describe('question view', () => {
  it('shows the question without description or source, with its category link, and Edit for its author only', async () => {
    const id = await createQuestion();
    await site.page.goto(`/question/${id}`);
    await heading(site.page, 'How do I cancel a Task?').waitFor(VISIBLE);
    await site.page.waitForURL((url) => url.pathname === `/question/${id}/how-do-i-cancel-a-task`);
    expect(await site.page.getByRole('article').getByRole('link', { name: 'Multithreading' }).getAttribute('href')).toBe(
      '/search?searchString=&category=123&entityType=2&orderBy=0',
    );
    expect(await site.page.getByRole('link', { name: 'Ada Lovelace' }).first().getAttribute('href')).toBe(
      `/profile/${cast.author.userName}`,
    );
    await site.page.locator('.post-content code').getByText('Task').waitFor(VISIBLE);
    expect(await site.page.getByText('Source:').count()).toBe(0);
    expect(await site.page.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    await loginForm(site.page).waitFor(VISIBLE);

    await site.openWithStoredSession(cast.reader);
    await site.page.goto(`/question/${id}/how-do-i-cancel-a-task`);
    await heading(site.page, 'How do I cancel a Task?').waitFor(VISIBLE);
    await site.page.getByRole('region', { name: 'Like and share' }).waitFor(VISIBLE);
    expect(await site.page.getByRole('link', { name: 'Edit', exact: true }).count()).toBe(0);

    await site.openWithStoredSession(cast.author);
    await site.page.goto(`/question/${id}/how-do-i-cancel-a-task`);
    const edit = site.page.getByRole('link', { name: 'Edit', exact: true });
    await edit.waitFor(VISIBLE);
    expect(await edit.getAttribute('href')).toBe(`/question/ask?id=${id}`);
    expect(await loginForm(site.page).count()).toBe(0);
  });
});

describe('Admin Panel', () => {
  it('sends a visitor to login and tells a member it is for admins only', async () => {
    await site.page.goto('/admin');
    await site.page.waitForURL((url) => url.pathname === '/login');

    await site.openWithStoredSession(cast.reader);
    await site.page.goto('/admin');
    await site.page.getByText('Only admins can see this page.').waitFor(VISIBLE);
    expect(await adminPosts(site.page).count()).toBe(0);
  });

  it('unapproves a post after confirmation, which hides it from the public', async () => {
    const title = 'Pattern matching in depth';
    const id = await createArticle({ title });
    const draftTitle = 'An unpublished draft';
    await createArticle({ title: draftTitle, isPublished: false });
    expect(await homeTitles()).toContain(title);

    await site.openWithStoredSession(cast.admin);
    await site.page.goto('/admin');
    await heading(site.page, 'Admin Panel').waitFor(VISIBLE);
    // The admin search lists every post that is not deleted, drafts too.
    await adminPostRow(site.page, draftTitle).waitFor(VISIBLE);
    const row = adminPostRow(site.page, title);
    await row.waitFor(VISIBLE);
    expect(await row.getByRole('link', { name: title, exact: true }).getAttribute('href')).toBe(`/article/${id}/pattern-matching-in-depth`);
    await row.getByRole('link', { name: 'Ada Lovelace' }).waitFor(VISIBLE);
    expect(await row.getByText(/People|Person/).count()).toBe(0);

    // Cancel changes nothing.
    await row.getByRole('button', { name: `Unapprove ${title}` }).click();
    const confirm = dialog(site.page, 'Confirm');
    await confirm.getByText('Are you sure you want to perform this operation?').waitFor(VISIBLE);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor(HIDDEN);
    expect(await homeTitles()).toContain(title);

    await row.getByRole('button', { name: `Unapprove ${title}` }).click();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await row.getByRole('button', { name: `Approve ${title}` }).waitFor(VISIBLE);
    await row.getByText('Awaiting approval').waitFor(VISIBLE);
    expect(await homeTitles()).not.toContain(title);
    // The activity names people by their display name, linking their profile.
    const activity = site.page.getByRole('region', { name: 'Recent activity' });
    await activity.getByText(`${cast.admin.name} unapproved article`).first().waitFor(VISIBLE);
    expect(await activity.getByRole('link', { name: cast.admin.name, exact: true }).first().getAttribute('href')).toBe(
      `/profile/${cast.admin.userName}`,
    );

    const visitorPage = await site.openAnotherBrowser();
    await visitorPage.goto('/');
    await visitorPage.getByRole('heading', { name: 'Latest Articles' }).waitFor(VISIBLE);
    await visitorPage.getByRole('link', { name: 'C# Generics explained' }).first().waitFor(VISIBLE);
    expect(await visitorPage.getByRole('link', { name: title }).count()).toBe(0);
    await visitorPage.goto(`/article/${id}/pattern-matching-in-depth`);
    await heading(visitorPage, 'Article not found').waitFor(VISIBLE);
  });

  it('deletes a post after confirmation and removes its row', async () => {
    const title = 'A question to delete';
    const id = await createQuestion({ title });
    await site.openWithStoredSession(cast.admin);
    await site.page.goto('/admin');
    const row = adminPostRow(site.page, title);
    await row.getByRole('button', { name: `Delete ${title}` }).click();
    const confirm = dialog(site.page, 'Confirm');
    await confirm.getByText('Are you sure you want to delete this item?').waitFor(VISIBLE);
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await row.waitFor({ state: 'detached', timeout: 10_000 });
    const response = await fetch(`${site.server.url}/api/Question/${id}`, { headers: { Authorization: `Bearer ${cast.admin.token}` } });
    expect(response.status).toBe(404);
  });

  it("loads the next page with 'More results'", async () => {
    for (let index = 1; index <= 21; index++) await createQuestion({ title: `Paging question ${index}` });
    const all = await callSite<unknown[]>(site.server.url, 'POST', '/api/Search/ByAdmin', {
      token: cast.admin.token,
      body: { pager: { lastFetchedArticleId: Number.MAX_SAFE_INTEGER, lastFetchedQuestionId: Number.MAX_SAFE_INTEGER, pageSize: 100 } },
    });

    await site.openWithStoredSession(cast.admin);
    await site.page.goto('/admin');
    await adminPostRow(site.page, 'Paging question 21').waitFor(VISIBLE);
    const rows = adminPosts(site.page).locator('.post-item');
    expect(await rows.count()).toBe(20);
    await adminPosts(site.page).getByRole('button', { name: 'More results' }).click();
    await adminPostRow(site.page, 'Paging question 1').waitFor(VISIBLE);
    // Fewer than two pages in all: the second page was the last, so the link goes.
    expect(all.length).toBeLessThan(40);
    await adminPosts(site.page).getByRole('button', { name: 'More results' }).waitFor(HIDDEN);
    expect(await rows.count()).toBe(all.length);
  });
});
