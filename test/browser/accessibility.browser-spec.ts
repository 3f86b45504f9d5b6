import type { Page } from 'playwright-core';
import { loginForm } from '../support/account-pages';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { heading, navbar, useBrowserSite, VISIBLE } from '../support/browser-site';
import { profileTab } from '../support/profile-pages';
import { callSite, grantAdmin, signUpOnSite, type SiteAccount } from '../support/site-api';

jest.setTimeout(180_000);

/**
 * Issue 14: axe-core over every screen, as a visitor, a member and an admin would see it, fails
 * on any serious or critical violation (WCAG 2.1 A/AA and best practices).
 */
const site = useBrowserSite();
let member: SiteAccount;
let admin: SiteAccount;
let articleId: number;
let questionId: number;

beforeAll(async () => {
  member = await signUpOnSite(site.server.url, 'Ada Lovelace');
  admin = await signUpOnSite(site.server.url, 'Root Admin');
  await grantAdmin(site.server, admin);
  const tags = (await callSite<{ id: number; subTag: string }[]>(site.server.url, 'GET', '/api/Tag')).slice(0, 2);
  articleId = await callSite<number>(site.server.url, 'POST', '/api/Article', {
    token: member.token,
    body: {
      title: 'Accessible generics',
      description: 'Read by everyone',
      categoryId: 3,
      tags,
      content:
        '<h2>Generics</h2><p>Generics let you write <strong>type-safe</strong> code. <a href="https://learn.microsoft.com">Docs</a></p>' +
        '<pre><code class="language-csharp">var numbers = new List&lt;int&gt;();</code></pre>' +
        '<table><tbody><tr><th>Kind</th><th>Example</th></tr><tr><td>Class</td><td>List&lt;T&gt;</td></tr></tbody></table>',
      source: 'https://learn.microsoft.com/dotnet/csharp/fundamentals/types/generics',
      instructions: '',
      isPublished: true,
      defaultImageId: -1,
    },
  });
  questionId = await callSite<number>(site.server.url, 'POST', '/api/Question', {
    token: member.token,
    body: {
      title: 'How do I cancel a Task?',
      categoryId: 123,
      tags,
      content: '<p>I start a <code>Task</code>. How do I stop it?</p>',
      defaultImageId: -1,
    },
  });
  const content = '<p>Use a <code>CancellationToken</code>.</p>';
  await callSite(site.server.url, 'POST', '/api/ArticleComment', {
    token: admin.token,
    body: { articleID: articleId, content, parentId: -1 },
  });
  await callSite(site.server.url, 'POST', '/api/QuestionComment', {
    token: admin.token,
    body: { questionID: questionId, content, parentId: -1 },
  });
});

async function check(page: Page, path: string, ready: (page: Page) => Promise<unknown>, screen = path) {
  await page.goto(path);
  await ready(page);
  // Lazy data (likes, comments, master data) settles before axe looks.
  await page.waitForLoadState('networkidle');
  await expectNoSeriousA11yViolations(page, screen);
}

const h1 = (name: string) => (page: Page) => heading(page, name).waitFor(VISIBLE);

describe('every screen passes axe', () => {
  it('as a visitor: home with a menu open, the post views, search, a profile, login and the static pages', async () => {
    const page = site.page;
    await check(page, '/', (current) =>
      current.getByRole('region', { name: 'Latest Articles' }).getByRole('link').first().waitFor(VISIBLE),
    );
    await navbar(page).getByRole('button', { name: 'Articles' }).click();
    await navbar(page).getByRole('list', { name: 'Articles' }).waitFor(VISIBLE);
    await expectNoSeriousA11yViolations(page, 'home with the Articles menu open');

    await check(page, `/article/${articleId}/accessible-generics`, h1('Accessible generics'), 'the article view');
    await check(page, `/question/${questionId}/how-do-i-cancel-a-task`, h1('How do I cancel a Task?'), 'the question view');
    await check(page, '/search?searchString=generics&category=0&entityType=0&orderBy=0', h1('Search'), 'search');
    await check(
      page,
      `/profile/${member.userName}`,
      (current) => current.getByRole('region', { name: 'Basic Info', exact: true }).waitFor(VISIBLE),
      'a profile',
    );
    await check(page, '/login', (current) => loginForm(current).waitFor(VISIBLE));
    await check(page, '/forgotpassword', h1('Forgot Password'));
    await check(page, '/sendemailconfirmationlink', (current) => current.getByRole('heading', { level: 1 }).waitFor(VISIBLE));
    for (const [path, title] of [
      ['/about-site', 'About Site'],
      ['/about-me', 'About Me'],
      ['/contact-me', 'Contact Me'],
      ['/privacy', 'Privacy Policy'],
      ['/write-for-us', 'Write For Us'],
    ]) {
      await check(page, path, h1(title));
    }
  });

  it('as a member: the submit pages, documents, the own profile with its settings, and a post with the comment form', async () => {
    const page = await site.openWithStoredSession(member);
    await check(page, '/article/submit', h1('Submit an Article'), 'submit article');
    await check(page, '/question/ask', h1('Ask a Question'), 'ask question');
    await check(page, `/article/submit?id=${articleId}`, h1('Edit Article'), 'edit article');
    await check(page, '/documents/upload', h1('Upload Documents'), 'upload documents');
    await check(
      page,
      `/profile/${member.userName}`,
      (current) => current.getByRole('region', { name: 'Basic Info', exact: true }).waitFor(VISIBLE),
      'the own profile',
    );
    await profileTab(page, 'Settings').click();
    await page.getByRole('tabpanel').waitFor(VISIBLE);
    await expectNoSeriousA11yViolations(page, 'profile settings');
    await profileTab(page, 'Posts').click();
    await page.getByRole('tabpanel').getByRole('link', { name: 'Accessible generics' }).waitFor(VISIBLE);
    await expectNoSeriousA11yViolations(page, 'profile posts');
    await check(page, `/article/${articleId}/accessible-generics`, h1('Accessible generics'), 'the article view, logged in');
  });

  it('as an admin: the Admin Panel with its activity and documents', async () => {
    const page = await site.openWithStoredSession(admin);
    await check(
      page,
      '/admin',
      (current) =>
        current.getByRole('region', { name: 'Recent activity' }).getByRole('link', { name: 'Ada Lovelace' }).first().waitFor(VISIBLE),
      'the Admin Panel',
    );
  });
});

describe('the axe gate', () => {
  it('fails on a serious violation and names it', async () => {
    await check(site.page, '/about-site', h1('About Site'));
    // A script string: the test project compiles without the DOM library.
    await site.page.evaluate(`(() => {
      const text = document.createElement('p');
      text.textContent = 'Pale text nobody can read';
      text.style.color = '#c8c8c8';
      document.querySelector('main')?.append(text);
      const list = document.createElement('ul');
      list.innerHTML = '<li>ok</li><div>not a list item</div>';
      document.querySelector('main')?.append(list);
    })()`);
    await expect(expectNoSeriousA11yViolations(site.page, 'the broken page')).rejects.toThrow(
      /color-contrast \(serious\)[\s\S]*list \(serious\)|list \(serious\)[\s\S]*color-contrast \(serious\)/,
    );
  });
});
