import { randomUUID } from 'node:crypto';
import { logIn, signUpThroughForm } from '../support/account-pages';
import { useBrowserSite, VISIBLE } from '../support/browser-site';
import { addTag, editor, fillArticleForm, notification, postIdIn } from '../support/post-pages';
import { callSite, signUpOnSite } from '../support/site-api';

jest.setTimeout(90_000);

const site = useBrowserSite();

/** Issue 25, audit items 4 and 5: a writer sent to login comes back to the editor, and can go and see what they published. */
describe('logging in from an editor', () => {
  it.each([
    ['/article/submit', 'Submit an Article'],
    ['/question/ask', 'Ask a Question'],
    ['/documents/upload', 'Upload Documents'],
  ])('returns to %s after a login', async (path, title) => {
    const account = await signUpOnSite(site.server.url, 'Lena Login');
    await site.page.goto(path);
    await site.page.waitForURL((url) => url.pathname === '/login');
    await logIn(site.page, account.email, account.password);
    await site.page.waitForURL((url) => url.pathname === path);
    await site.page.getByRole('heading', { name: title }).waitFor(VISIBLE);
  });

  it('returns to the editor after a signup', async () => {
    await site.page.goto('/question/ask');
    await site.page.waitForURL((url) => url.pathname === '/login');
    await signUpThroughForm(site.page, {
      name: 'Sam Signup',
      email: `user-${randomUUID().slice(0, 8)}@example.com`,
      password: 'compiler-1',
    });
    await site.page.waitForURL((url) => url.pathname === '/question/ask');
    await site.page.getByRole('heading', { name: 'Ask a Question' }).waitFor(VISIBLE);
  });
});

describe('after publishing', () => {
  beforeEach(async () => {
    await site.openWithStoredSession(await signUpOnSite(site.server.url, 'Pia Publisher'));
  });

  it("offers 'View article' once the article is published, which opens it", async () => {
    await site.page.goto('/article/submit');
    await fillArticleForm(site.page, {
      title: 'Records in C#',
      description: 'Value equality for free',
      content: 'Records compare by value.',
    });
    await site.page.getByRole('button', { name: 'Save', exact: true }).click();
    await notification(site.page).getByText('Article Saved').waitFor(VISIBLE);
    expect(await site.page.getByRole('link', { name: 'View article' }).count()).toBe(0);

    await site.page.getByRole('button', { name: 'Publish', exact: true }).click();
    await notification(site.page).getByText('Article Published').waitFor(VISIBLE);
    const id = postIdIn(site.page);
    await site.page.getByRole('link', { name: 'View article' }).click();
    await site.page.waitForURL((url) => url.pathname.startsWith(`/article/${id}/`));
    await site.page.getByRole('heading', { level: 1, name: 'Records in C#' }).waitFor(VISIBLE);
  });

  it("keeps a question being written a draft until 'Post Your Question' posts it, then offers 'View question'", async () => {
    await site.page.clock.install();
    await site.page.goto('/question/ask');
    await site.page.getByLabel('Category').selectOption({ label: 'C#' });
    await addTag(site.page, 'csharp');
    await site.page.getByLabel('Title').fill('Why is my record not equal?');
    await editor(site.page).click();
    await site.page.keyboard.type('Two records with the same values compare unequal.');
    // Autosave (SPEC §4) keeps it a draft: nobody else can read it yet.
    await site.page.clock.runFor(61_000);
    await site.page.waitForURL((url) => postIdIn(site.page) > 0 && url.pathname === '/question/ask');
    const id = postIdIn(site.page);
    await expect(callSite(site.server.url, 'GET', `/api/Question/${id}`)).rejects.toThrow(/Question not found/);
    expect(await site.page.getByRole('link', { name: 'View question' }).count()).toBe(0);

    await site.page.getByRole('button', { name: 'Post Your Question', exact: true }).click();
    await notification(site.page).getByText('Question Saved').waitFor(VISIBLE);
    expect(await callSite<{ title: string }>(site.server.url, 'GET', `/api/Question/${id}`)).toMatchObject({
      title: 'Why is my record not equal?',
    });
    // A posted question is saved from then on (SPEC §8: Save and Cancel).
    await site.page.getByRole('button', { name: 'Save', exact: true }).waitFor(VISIBLE);
    expect(await site.page.getByRole('button', { name: 'Post Your Question' }).count()).toBe(0);
    await site.page.getByRole('link', { name: 'View question' }).click();
    await site.page.waitForURL((url) => url.pathname.startsWith(`/question/${id}/`));
  });
});
