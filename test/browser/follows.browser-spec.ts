import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { heading, HIDDEN, navbar, useBrowserSite, VISIBLE } from '../support/browser-site';
import { addArticleComment, comment, likeThroughApi, writeComment } from '../support/comment-pages';
import { eventually } from '../support/eventually';
import { callSite, signUpOnSite, type SiteAccount } from '../support/site-api';

jest.setTimeout(300_000);

/**
 * Issue 26 in a browser: following a person and a tag fills Home's Following tab; Save fills the
 * reading list; a comment on my post lights the bell and the inbox. One site for the whole file.
 */
const site = useBrowserSite({ env: { RATE_LIMITS: 'off' } });

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

let reader: SiteAccount;
let author: SiteAccount;
let tagger: SiteAccount;
let tag: { id: number; subTag: string };
let authorPostId: number;
let taggedPostId: number;

function article(account: SiteAccount, title: string, tags: { id: number; subTag: string }[]) {
  return callSite<number>(site.server.url, 'POST', '/api/Article', {
    token: account.token,
    body: {
      title,
      description: `About ${title}`,
      categoryId: 3,
      tags,
      content: `<p>${title}.</p>`,
      source: '',
      instructions: '',
      isPublished: true,
      defaultImageId: -1,
    },
  });
}

beforeAll(async () => {
  reader = await signUpOnSite(site.server.url, 'Rita Reader');
  author = await signUpOnSite(site.server.url, 'Alan Author');
  tagger = await signUpOnSite(site.server.url, 'Tess Tagger');
  const tags = await callSite<{ id: number; subTag: string }[]>(site.server.url, 'GET', '/api/Tag');
  [tag] = tags.slice(5, 6);
  authorPostId = await article(author, 'Alan on monads', [tags[0]]);
  taggedPostId = await article(tagger, 'Tess on tagged things', [tag]);
});

/** Named 'Follow Ada Lovelace', then 'Following Ada Lovelace'. */
const followButton = (page: Page, label: string, pressed = false) =>
  page.getByRole('button', { name: `${pressed ? 'Following' : 'Follow'} ${label}`, exact: true, pressed });
const saveButton = (page: Page, pressed: boolean) => page.getByRole('button', { name: pressed ? 'Saved' : 'Save', exact: true, pressed });
const followers = (page: Page) => page.getByLabel('Followers');
/** The bell's dropdown. */
const latest = (page: Page) => navbar(page).getByRole('region', { name: 'Latest notifications' });

describe('following', () => {
  it('a person on their profile and a tag on its page, then Home shows their posts under Following', async () => {
    const page = await site.openWithStoredSession(reader);

    await page.goto(`/profile/${author.userName}`);
    await followButton(page, author.name).waitFor(VISIBLE);
    expect(await followers(page).textContent()).toBe('0 followers');
    await followButton(page, author.name).click();
    await followButton(page, `${author.name}`, true).waitFor(VISIBLE);
    expect(await followers(page).textContent()).toBe('1 follower');

    await page.goto(`/tag/${tag.subTag}`);
    await heading(page, `#${tag.subTag}`).waitFor(VISIBLE);
    expect(await page.getByRole('link', { name: 'RSS feed' }).getAttribute('href')).toBe(`/feed/tag/${encodeURIComponent(tag.subTag)}`);
    await page.getByRole('link', { name: 'Tess on tagged things' }).first().waitFor(VISIBLE);
    await followButton(page, `#${tag.subTag}`).click();
    await followButton(page, `#${tag.subTag}`, true).waitFor(VISIBLE);
    expect(await followers(page).textContent()).toBe('1 follower');

    // After a reload the page reads the follow back from the server.
    await page.reload();
    await followButton(page, `#${tag.subTag}`, true).waitFor(VISIBLE);

    await page.goto('/');
    await page.getByRole('tab', { name: 'Following' }).click();
    const following = page.getByRole('region', { name: 'Following' });
    await following.getByRole('link', { name: 'Alan on monads' }).first().waitFor(VISIBLE);
    await following.getByRole('link', { name: 'Tess on tagged things' }).first().waitFor(VISIBLE);
  });
});

describe('the reading list', () => {
  it('Save on a post puts it under Saved; unsave takes it away; Liked lists liked posts', async () => {
    const page = await site.openWithStoredSession(reader);
    await page.goto(`/article/${taggedPostId}`);
    await saveButton(page, false).click();
    await saveButton(page, true).waitFor(VISIBLE);

    await page.goto('/readinglist');
    await heading(page, 'Reading list').waitFor(VISIBLE);
    await page.getByRole('tabpanel').getByRole('link', { name: 'Tess on tagged things' }).first().waitFor(VISIBLE);

    await page.goto(`/article/${taggedPostId}`);
    await saveButton(page, true).click();
    await saveButton(page, false).waitFor(VISIBLE);
    await page.goto('/readinglist');
    await page.getByText('Nothing saved yet').waitFor(VISIBLE);

    await likeThroughApi(site.server.url, reader, 'Article', authorPostId);
    await page.reload();
    await heading(page, 'Reading list').waitFor(VISIBLE);
    await page.getByRole('tab', { name: 'Liked' }).click();
    await page.getByRole('tabpanel').getByRole('link', { name: 'Alan on monads' }).first().waitFor(VISIBLE);
  });
});

describe('notifications', () => {
  it('a comment on my post lights the bell; the inbox lists it and marking all read clears the count', async () => {
    // A writer of their own, so that the follow and the like above are no news of theirs. The inbox
    // is a projection: the comment is in it once the API counts it.
    const writer = await signUpOnSite(site.server.url, 'Wanda Writer');
    const postId = await article(writer, 'Wanda on queues', [tag]);
    await addArticleComment(site.server.url, reader, postId, 'Nice queues.');
    const unread = async () =>
      (await callSite<{ count: number }>(site.server.url, 'GET', '/api/Notification/UnreadCount', { token: writer.token })).count;
    let seen = -1;
    await eventually(
      async () => (seen = await unread()) === 1,
      () => `one unread notification, not ${seen}`,
      10_000,
    );
    const page = await site.openWithStoredSession(writer);
    await page.goto('/');
    const bell = navbar(page).getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.waitFor(VISIBLE);
    await bell.click();
    await latest(page).getByText(`${reader.name} commented on Wanda on queues`).waitFor(VISIBLE);
    await latest(page).getByRole('link', { name: 'See all notifications' }).click();
    await heading(page, 'Notifications').waitFor(VISIBLE);
    await latest(page).waitFor(HIDDEN);
    await page.locator('.notification-unread').first().waitFor(VISIBLE);
    expect(await page.locator('.notification-list').textContent()).toContain(reader.name);
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await navbar(page).getByRole('button', { name: 'Notifications', exact: true }).waitFor(VISIBLE);
    await page.locator('.notification-unread').first().waitFor(HIDDEN);
    await page.getByRole('button', { name: 'Mark all read' }).waitFor(HIDDEN);
  });

  it("the bell's dropdown lists the newest few; opening one marks it read, 'Mark all read' the rest; it passes axe", async () => {
    const writer = await signUpOnSite(site.server.url, 'Dora Dropdown');
    const postId = await article(writer, 'Dora on menus', [tag]);
    for (const text of ['First thought.', 'Second thought.', 'Third thought.'])
      await addArticleComment(site.server.url, reader, postId, text);
    await eventually(
      async () =>
        (await callSite<{ count: number }>(site.server.url, 'GET', '/api/Notification/UnreadCount', { token: writer.token })).count === 3,
      'three unread notifications',
      10_000,
    );
    const page = await site.openWithStoredSession(writer);
    await page.goto('/');
    await navbar(page).getByRole('button', { name: 'Notifications, 3 unread' }).click();
    const rows = latest(page).getByRole('link', { name: new RegExp(`^Unread: ${reader.name} commented on Dora on menus`) });
    await rows.nth(2).waitFor(VISIBLE);
    expect(await rows.count()).toBe(3);
    await expectNoSeriousA11yViolations(page, "the bell's dropdown");

    await page.keyboard.press('Escape');
    await latest(page).waitFor(HIDDEN);
    await navbar(page).getByRole('button', { name: 'Notifications, 3 unread' }).click();
    await rows.first().click();
    await page.waitForURL(new RegExp(`/article/${postId}/`));
    await latest(page).waitFor(HIDDEN);
    const bell = navbar(page).getByRole('button', { name: 'Notifications, 2 unread' });
    await bell.waitFor(VISIBLE);
    await bell.click();
    await latest(page).getByRole('button', { name: 'Mark all read' }).click();
    await navbar(page).getByRole('button', { name: 'Notifications', exact: true }).waitFor(VISIBLE);
    await rows.first().waitFor(HIDDEN);
    await latest(page).getByRole('button', { name: 'Mark all read' }).waitFor(HIDDEN);
  });
});

describe('mentions', () => {
  it('a mention in a comment links to the profile, and the bell tells the one mentioned', async () => {
    const writer = await signUpOnSite(site.server.url, 'Mona Mention');
    const postId = await article(writer, 'Mona on names', [tag]);
    await addArticleComment(site.server.url, writer, postId, `Over to you, @${reader.userName}.`);
    const page = await site.openWithStoredSession(reader);
    await page.goto(`/article/${postId}`);
    const link = comment(page, 'Over to you').getByRole('link', { name: `@${reader.userName}` });
    await link.waitFor(VISIBLE);
    expect(await link.getAttribute('href')).toBe(`/profile/${reader.userName}`);
    await navbar(page)
      .getByRole('button', { name: /^Notifications/ })
      .click();
    await latest(page).getByText(`Mona Mention mentioned you in Mona on names`).waitFor(VISIBLE);
  });
});

describe('the live bell', () => {
  it('changes in a second browser while the first writes a comment, with no reload', async () => {
    const writer = await signUpOnSite(site.server.url, 'Lena Live');
    const postId = await article(writer, 'Lena on streams', [tag]);
    const watching = await site.openWithStoredSession(writer);
    const streamed = watching.waitForRequest((request) => request.url().includes('/api/Notification/Stream?'));
    await watching.goto('/');
    await navbar(watching).getByRole('button', { name: 'Notifications', exact: true }).click();
    await latest(watching).getByText('No notifications yet.').waitFor(VISIBLE);
    await streamed;

    const commenting = await site.openAnotherBrowser(reader);
    await commenting.goto(`/article/${postId}`);
    await writeComment(commenting, 'Streams are neat.');
    await comment(commenting, 'Streams are neat.').waitFor(VISIBLE);

    // Well inside the 30 s poll: only the stream can have told it.
    await navbar(watching).getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ state: 'visible', timeout: 15_000 });
    // The open dropdown reads the list again when the stream says there is news.
    await latest(watching).getByText(`${reader.name} commented on Lena on streams`).waitFor({ state: 'visible', timeout: 15_000 });
  });
});

describe('the new screens, on a desktop and on a phone', () => {
  for (const [label, size] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`pass axe: ${label}`, async () => {
      const page = await site.openWithStoredSession(reader);
      await page.setViewportSize(size);
      const screens: [string, string, (page: Page) => Promise<unknown>][] = [
        ['a tag page', `/tag/${tag.subTag}`, (page) => heading(page, `#${tag.subTag}`).waitFor(VISIBLE)],
        ['the reading list', '/readinglist', (page) => heading(page, 'Reading list').waitFor(VISIBLE)],
        ['the notifications', '/notifications', (page) => heading(page, 'Notifications').waitFor(VISIBLE)],
        ['Home, Following', '/', (page) => page.getByRole('tab', { name: 'Following' }).click()],
      ];
      for (const [name, path, ready] of screens) {
        await page.goto(path);
        await ready(page);
        await page.waitForLoadState('networkidle');
        await expectNoSeriousA11yViolations(page, `${name} (${label})`);
      }
    });
  }
});
