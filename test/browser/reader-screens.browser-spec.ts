import { samplePng } from '@app/testing';
import { signUpThroughForm, signupForm } from '../support/account-pages';
import { heading, useBrowserSite, VISIBLE } from '../support/browser-site';
import { addArticleComment, commentsSection, likeThroughApi } from '../support/comment-pages';
import { moreResults, publishArticle, resultRow, resultRows } from '../support/search-pages';
import { latestArticles } from '../support/post-pages';
import { basicInfo } from '../support/profiles';
import { callSite, grantAdmin, signUpOnSite, type SiteAccount } from '../support/site-api';

jest.setTimeout(90_000);

/** Issue 25: what a new reader runs into on signup, search rows, home, the post's author box and comment links. */
// Room for the many comments and posts these tests write as one user.
const site = useBrowserSite({ env: { RATE_LIMITS: 'comment=1000/30s,post=1000/1h' } });
let author: SiteAccount;
let tags: Array<{ id: number; subTag: string }>;

beforeAll(async () => {
  author = await signUpOnSite(site.server.url, 'Ada Lovelace');
  tags = (await callSite<Array<{ id: number; subTag: string }>>(site.server.url, 'GET', '/api/Tag')).slice(0, 1);
});

describe('signing up', () => {
  it('shows the password rules before any error, and says a confirmation e-mail was sent', async () => {
    await site.page.goto('/login');
    const form = signupForm(site.page);
    const password = form.getByLabel('Password', { exact: true });
    await password.waitFor(VISIBLE);
    const rules = form.getByText('8 to 16 characters.');
    await rules.waitFor(VISIBLE);
    expect(await password.getAttribute('aria-describedby')).toBe(await rules.getAttribute('id'));

    const email = `new-reader-${Date.now()}@example.com`;
    await signUpThroughForm(site.page, { name: 'New Reader', email, password: 'Secret123!' });
    const notice = site.page.getByRole('status').filter({ hasText: 'confirmation e-mail' });
    await notice.getByText(email).waitFor(VISIBLE);
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await notice.waitFor({ state: 'detached' });
    // Said once: a reload does not say it again.
    await site.page.reload();
    await heading(site.page, 'DevCommunity').waitFor({ state: 'attached' });
    expect(await site.page.getByText('confirmation e-mail').count()).toBe(0);
  });
});

describe('search rows', () => {
  it('show the description, and the likes only when there are some', async () => {
    const liked = await publishArticle(site.server.url, author, { title: 'Quokka patterns liked', tags });
    await publishArticle(site.server.url, author, { title: 'Quokka patterns unliked', tags });
    const reader = await signUpOnSite(site.server.url, 'Liking Reader');
    await likeThroughApi(site.server.url, reader, 'Article', liked);

    await site.page.goto('/search?searchString=Quokka');
    const likedRow = resultRow(site.page, 'Quokka patterns liked');
    await likedRow.getByText('About Quokka patterns liked', { exact: true }).waitFor(VISIBLE);
    await likedRow.getByText('1 Person').waitFor(VISIBLE);
    const unlikedRow = resultRow(site.page, 'Quokka patterns unliked');
    await unlikedRow.getByText('About Quokka patterns unliked', { exact: true }).waitFor(VISIBLE);
    expect(await unlikedRow.getByText(/People|Person/).count()).toBe(0);
  });
});

describe("the post's author box", () => {
  it("shows the author's picture, title and the first line of their about text", async () => {
    const writer = await signUpOnSite(site.server.url, 'Grace Hopper');
    await callSite(site.server.url, 'PUT', '/api/User/', {
      token: writer.token,
      body: basicInfo({
        name: 'Grace Hopper',
        title: 'Rear admiral and compiler writer',
        about: 'Wrote the first compiler.\nLikes nanoseconds.',
      }),
    });
    const form = new FormData();
    form.append('AttachmentTypeId', '8');
    form.append('file', new Blob([samplePng()], { type: 'image/png' }), 'grace.png');
    const uploaded = await fetch(`${site.server.url}/api/File`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${writer.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const id = await publishArticle(site.server.url, writer, { title: 'Compilers for everyone', tags });

    await site.page.goto(`/article/${id}`);
    const box = site.page.getByRole('complementary', { name: 'Author' });
    await box.getByText('Rear admiral and compiler writer').waitFor(VISIBLE);
    await box.getByText(/^Wrote the first compiler\./).waitFor(VISIBLE);
    await box.getByRole('link', { name: 'Grace Hopper' }).waitFor(VISIBLE);
    const picture = box.getByRole('img', { name: 'Grace Hopper' });
    expect(await picture.getAttribute('src')).toMatch(/^\/ProfilePictures\//);
  });
});

describe('the moderation trail', () => {
  it('is reached by admins from the post and from the Admin Panel, and lists who did what', async () => {
    const admin = await signUpOnSite(site.server.url, 'Trail Admin');
    await grantAdmin(site.server, admin);
    const id = await publishArticle(site.server.url, author, { title: 'Moderated walrus article', tags });
    await callSite(site.server.url, 'PUT', '/api/Article/Approve', { token: admin.token, body: { id, isApproved: false } });

    // A reader who is not an admin sees no link.
    await site.openWithStoredSession(author);
    await site.page.goto(`/article/${id}`);
    await heading(site.page, 'Moderated walrus article').waitFor(VISIBLE);
    expect(await site.page.getByRole('link', { name: 'Moderation trail' }).count()).toBe(0);
    await site.page.goto(`/admin/moderation/article/${id}`);
    await site.page.getByText('Only admins can see this page.').waitFor(VISIBLE);

    await site.openWithStoredSession(admin);
    await site.page.goto(`/article/${id}`);
    await site.page.getByRole('link', { name: 'Moderation trail' }).click();
    const trailHeading = heading(site.page, `Moderation trail of article #${id}`);
    await trailHeading.waitFor(VISIBLE);
    const entries = site.page.getByRole('list', { name: 'Moderation actions, oldest first' }).getByRole('listitem');
    await entries.first().waitFor(VISIBLE);
    const texts = await entries.allTextContents();
    expect(texts[0]).toContain('Created');
    expect(texts[0]).toContain(`by ${author.userName}`);
    expect(texts.at(-1)).toContain('Unapproved');
    expect(texts.at(-1)).toContain(`by ${admin.userName}`);

    await site.page.goto('/admin');
    await heading(site.page, 'Admin Panel').waitFor(VISIBLE);
    await site.page.getByRole('link', { name: 'Moderation trail of Moderated walrus article' }).first().click();
    await trailHeading.waitFor(VISIBLE);
  });
});

describe("a link to a comment (the notification's 'Read it here')", () => {
  it('opens the post at that comment, loading the pages before it, and highlights it', async () => {
    const id = await publishArticle(site.server.url, author, { title: 'A long discussion', tags });
    const commenter = await signUpOnSite(site.server.url, 'Busy Commenter');
    const ids: number[] = [];
    for (let n = 1; n <= 45; n++) ids.push((await addArticleComment(site.server.url, commenter, id, `Comment number ${n}`)).id);
    const target = ids[41]; // on the third page of 20

    await site.page.setViewportSize({ width: 1366, height: 768 });
    await site.page.goto(`/article/${id}#comment-${target}`);
    const body = commentsSection(site.page).locator(`#comment-${target} > .comment-body`);
    await body.getByText('Comment number 42', { exact: true }).waitFor(VISIBLE);
    // A script string: the test project compiles without the DOM library.
    await site.page.waitForFunction(`document.activeElement === document.querySelector('#comment-${target} > .comment-body')`);
    expect(await body.getAttribute('class')).toContain('comment-highlighted');
    const box = await body.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(768);
  });
});

describe("Back after 'More results'", () => {
  it('shows every loaded page again, at the place the reader left', async () => {
    for (let n = 1; n <= 28; n++) await publishArticle(site.server.url, author, { title: `Capybara article ${n}`, tags });
    await site.page.setViewportSize({ width: 1366, height: 768 });
    await site.page.goto('/search?searchString=capybara&category=-1&entityType=100&orderBy=0');
    await resultRow(site.page, 'Capybara article 28').waitFor(VISIBLE);
    await moreResults(site.page).click();
    const last = resultRow(site.page, 'Capybara article 1');
    await last.waitFor(VISIBLE);
    await last.scrollIntoViewIfNeeded();
    const scrolled = await site.page.evaluate<number>('window.scrollY');
    expect(scrolled).toBeGreaterThan(300);

    await last.getByRole('link', { name: 'Capybara article 1', exact: true }).click();
    await heading(site.page, 'Capybara article 1').waitFor(VISIBLE);
    await site.page.goBack();
    await last.waitFor(VISIBLE);
    expect(await resultRows(site.page).count()).toBe(28);
    await site.page.waitForFunction(`Math.abs(window.scrollY - ${scrolled}) < 50`);
  });
});

describe('home', () => {
  it('lists each post with its description, reading time, comments and likes, and on phones the calls to write after the posts', async () => {
    const id = await publishArticle(site.server.url, author, { title: 'Home row article', tags });
    const reader = await signUpOnSite(site.server.url, 'Home Reader');
    await addArticleComment(site.server.url, reader, id, 'First!');
    await addArticleComment(site.server.url, reader, id, 'Second!');
    await likeThroughApi(site.server.url, reader, 'Article', id);

    await site.page.setViewportSize({ width: 390, height: 844 });
    await site.page.goto('/');
    const row = latestArticles(site.page)
      .getByRole('listitem')
      .filter({ has: site.page.getByRole('link', { name: 'Home row article', exact: true }) });
    await row.getByText('About Home row article', { exact: true }).waitFor(VISIBLE);
    await row.getByText('1 min read').waitFor(VISIBLE);
    await row.getByText('2 comments').waitFor(VISIBLE);
    await row.getByText('1 like').waitFor(VISIBLE);

    const posts = await latestArticles(site.page).boundingBox();
    const contribute = await site.page.getByRole('complementary', { name: 'Contribute' }).boundingBox();
    expect(contribute!.y).toBeGreaterThan(posts!.y);
  });
});
