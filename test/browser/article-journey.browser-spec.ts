import { randomUUID } from 'node:crypto';
import { logIn, signUpThroughForm } from '../support/account-pages';
import { heading, navbar, useBrowserSite, VISIBLE } from '../support/browser-site';
import {
  adminPostRow,
  attachFile,
  dialog,
  editor,
  fillArticleForm,
  latestArticles,
  notification,
  postIdIn,
  uploadImageThroughModal,
} from '../support/post-pages';
import { callSite, grantAdmin, signUpOnSite } from '../support/site-api';

jest.setTimeout(90_000);

const site = useBrowserSite();

const FIRST_TITLE = 'Generics in C# explained';
const NEW_TITLE = 'Generic constraints in C#';

/** Issue 4's browser journey: write, publish, read anonymously, edit, and unapprove an article. */
describe('an article from writing to moderation', () => {
  it('is written with an image and an attachment, read by a visitor, edited by its author and unapproved by an admin', async () => {
    // Another member's article, so that a loaded home page always lists something.
    const other = await signUpOnSite(site.server.url, 'Rita Reader');
    const tags = (await callSite<Array<{ id: number; subTag: string }>>(site.server.url, 'GET', '/api/Tag')).slice(0, 1);
    await callSite(site.server.url, 'POST', '/api/Article', {
      token: other.token,
      body: {
        title: 'Records in C#',
        description: 'Value equality',
        categoryId: 3,
        tags,
        content: '<p>Records compare by value.</p>',
        isPublished: true,
      },
    });

    // The author signs up and writes the article.
    const author = site.page;
    await author.goto('/login');
    await signUpThroughForm(author, {
      name: 'Grace Hopper',
      email: `user-${randomUUID().slice(0, 8)}@example.com`,
      password: 'compiler-1',
    });
    await author.waitForURL((url) => url.pathname === '/');
    await navbar(author).getByRole('link', { name: 'Grace Hopper' }).waitFor(VISIBLE);
    await author.getByRole('complementary', { name: 'Contribute' }).getByRole('link', { name: 'Submit an Article' }).click();
    await author.getByRole('heading', { name: 'Submit an Article' }).waitFor(VISIBLE);
    await fillArticleForm(author, {
      title: FIRST_TITLE,
      description: 'Type parameters and constraints',
      content: 'Generics let you write type-safe code.',
    });
    await uploadImageThroughModal(author, 'Generic list diagram', 'A List<T> holding ints');
    await editor(author).locator('figure figcaption', { hasText: 'Generic list diagram' }).waitFor(VISIBLE);
    await attachFile(author, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Read the examples in order.\n') });
    await author.getByRole('button', { name: 'Publish', exact: true }).click();
    await notification(author).getByText('Article Published').waitFor(VISIBLE);
    const articleId = postIdIn(author);
    expect(articleId).toBeGreaterThan(0);

    await navbar(author).getByRole('link', { name: 'Home' }).click();
    const listed = latestArticles(author).getByRole('link', { name: FIRST_TITLE });
    await listed.waitFor(VISIBLE);
    expect(await listed.getAttribute('href')).toBe(`/article/${articleId}/generics-in-csharp-explained`);

    // An anonymous visitor opens it from home.
    const visitor = await site.openAnotherBrowser();
    await visitor.goto('/');
    await latestArticles(visitor).getByRole('link', { name: FIRST_TITLE }).click();
    await heading(visitor, FIRST_TITLE).waitFor(VISIBLE);
    await visitor.locator('.post-content').getByText('Generics let you write type-safe code.').waitFor(VISIBLE);
    const figure = visitor.locator('.post-content figure');
    await figure.waitFor(VISIBLE);
    expect(await figure.locator('figcaption').textContent()).toBe('Generic list diagram');
    const imageWidth = await figure.locator('img').evaluate(async (image: { decode(): Promise<void>; naturalWidth: number }) => {
      await image.decode();
      return image.naturalWidth;
    });
    expect(imageWidth).toBe(1280);
    await visitor.getByText('notes.txt').waitFor(VISIBLE);
    const loginToDownload = visitor.getByRole('link', { name: 'Please Login to download this attachment' });
    await loginToDownload.waitFor(VISIBLE);
    expect(await loginToDownload.getAttribute('href')).toBe('/login');

    // The author edits the title from the article's page.
    await listed.click();
    await heading(author, FIRST_TITLE).waitFor(VISIBLE);
    await author.getByRole('link', { name: 'Edit', exact: true }).click();
    await author.getByRole('heading', { name: 'Edit Article' }).waitFor(VISIBLE);
    await editor(author).locator('figure figcaption', { hasText: 'Generic list diagram' }).waitFor(VISIBLE);
    expect(await author.getByLabel('Title').inputValue()).toBe(FIRST_TITLE);
    await author.getByLabel('Title').fill(NEW_TITLE);
    await author.getByRole('button', { name: 'Save', exact: true }).click();
    await notification(author).getByText('Article Saved').waitFor(VISIBLE);
    await author.getByRole('button', { name: 'Cancel', exact: true }).click();
    await author.waitForURL((url) => url.pathname === `/article/${articleId}/generic-constraints-in-csharp`);
    await heading(author, NEW_TITLE).waitFor(VISIBLE);

    // The operator makes a member admin, which ends their sessions; logged in again, the Admin Panel unapproves the article.
    const admin = await signUpOnSite(site.server.url, 'Root Moderator');
    const moderator = await site.openAnotherBrowser(admin);
    await moderator.goto('/');
    await navbar(moderator).getByRole('link', { name: 'Root Moderator' }).waitFor(VISIBLE);
    expect(await navbar(moderator).getByRole('link', { name: 'Admin', exact: true }).count()).toBe(0);
    await grantAdmin(site.server, admin);
    await moderator.reload();
    await navbar(moderator).getByRole('link', { name: 'Login' }).click();
    await logIn(moderator, admin.email, admin.password);
    await navbar(moderator).getByRole('link', { name: 'Admin', exact: true }).click();
    await moderator.waitForURL((url) => url.pathname === '/admin');
    await heading(moderator, 'Admin Panel').waitFor(VISIBLE);
    const row = adminPostRow(moderator, NEW_TITLE);
    await row.getByRole('button', { name: `Unapprove ${NEW_TITLE}` }).click();
    const confirm = dialog(moderator, 'Confirm');
    await confirm.getByText('Are you sure you want to perform this operation?').waitFor(VISIBLE);
    const unapproved = moderator.waitForResponse(
      (response) => response.request().method() === 'PUT' && response.url().endsWith('/api/Article/Approve'),
    );
    await confirm.getByRole('button', { name: 'Yes' }).click();
    const answer = await unapproved;
    await row.getByRole('button', { name: `Approve ${NEW_TITLE}` }).waitFor(VISIBLE);
    // Read-your-writes: the answer came once home showed it, unless the bounded wait ran out on a
    // loaded machine, which the answer says (X-Read-Your-Writes: stale): then wait for home itself.
    if (answer.headers()['x-read-your-writes']) await homeLacks(NEW_TITLE);

    // The visitor's home no longer lists it.
    await visitor.goto('/');
    await latestArticles(visitor).getByRole('link', { name: 'Records in C#' }).waitFor(VISIBLE);
    expect(await latestArticles(visitor).getByRole('link', { name: NEW_TITLE }).count()).toBe(0);
    expect(await latestArticles(visitor).getByRole('link', { name: FIRST_TITLE }).count()).toBe(0);
  });
});

/** Waits (bounded) until the home read lists no post titled `title`. */
async function homeLacks(title: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const home = await callSite<{ articles: { title: string }[] }>(site.server.url, 'GET', '/api/Home/');
    if (!home.articles.some((article) => article.title === title)) return;
    if (Date.now() > deadline) throw new Error(`Home still lists ${title}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
