import type { Page } from 'playwright-core';
import { holdRequests, useBrowserSite, VISIBLE } from '../support/browser-site';
import { callSite, signUpOnSite, type SiteAccount } from '../support/site-api';
import { layoutShifts, recordLayoutShifts } from '../support/layout-shifts';
import { createArticleWithCodeAndImage, TECHNICAL_ARTICLE_TITLE } from '../support/technical-article';

jest.setTimeout(90_000);

const site = useBrowserSite();

/** The parts of the post whose place on the page is compared (the comments under it come after the SPA). */
const POST_PARTS = ['.navbar', '.post-view-header h1', '.post-content', '.post-content pre', '.post-content img', '.post-view-like-share'];

interface PartBox {
  selector: string;
  box: { x: number; y: number; width: number; height: number } | null;
}

/** Where the parts of the post are on the page, once the fonts have loaded. */
async function postBoxes(page: Page): Promise<PartBox[]> {
  await page.evaluate('document.fonts.ready.then(() => undefined)');
  return page.evaluate<PartBox[]>(`${JSON.stringify(POST_PARTS)}.map((selector) => {
    const element = document.querySelector(selector);
    const box = element && element.getBoundingClientRect();
    return { selector, box: box && { x: box.x, y: box.y, width: box.width, height: box.height } };
  })`);
}

/**
 * Issue 25: a post is painted by the server, so it shows before the SPA's script has come; the
 * SPA then takes the page over without moving anything, and the page works as before.
 */
describe('the first paint of a post', () => {
  let author: SiteAccount;
  let articlePath = '';

  beforeAll(async () => {
    author = await signUpOnSite(site.server.url, 'Ada Lovelace');
    const liker = await signUpOnSite(site.server.url, 'Rita Reader');
    const id = await createArticleWithCodeAndImage(site.server.url, author);
    await callSite(site.server.url, 'PUT', '/api/Article/Like', { token: liker.token, body: { id, isLiked: true } });
    const moved = await fetch(`${site.server.url}/article/${id}`, { redirect: 'manual' });
    articlePath = new URL(moved.headers.get('location') ?? `/article/${id}`, site.server.url).pathname;
  });

  it("shows the post before the SPA's script runs, and the SPA takes it over without a layout shift, on a phone", async () => {
    const { page } = site;
    await page.setViewportSize({ width: 412, height: 823 });
    await recordLayoutShifts(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    // A paint the SPA's first render does not match is thrown away, with an error (React's #418).
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    // The SPA's entry script (the shell) held: what shows is the server's paint alone.
    const release = await holdRequests(page, '**/assets/index-*.js');
    // Not waiting for DOMContentLoaded: that waits for the module script held here.
    await page.goto(articlePath, { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: TECHNICAL_ARTICLE_TITLE }).waitFor(VISIBLE);
    await page.getByText('export function evolve', { exact: false }).waitFor(VISIBLE);
    // The code block is painted highlighted; only its copy button waits for the SPA.
    await page.locator('.post-content .code-block pre[aria-label="Code (TypeScript)"] .hljs-keyword').first().waitFor(VISIBLE);
    expect(await page.getByRole('button', { name: 'Copy code' }).count()).toBe(0);
    // Its text as written (the stored markup's entities read once, not twice).
    expect(await page.locator('.post-content pre').textContent()).toContain(
      "case 'ItemAdded':\n      return { ...state, items: [...state.items, event.data.item] };",
    );
    const painted = await postBoxes(page);
    expect(painted.every(({ box }) => box !== null)).toBe(true);
    await page.evaluate("Object.assign(window, { paintedPost: document.querySelector('.post-view') })");

    release();
    await page.getByRole('button', { name: 'Copy code' }).waitFor(VISIBLE);
    expect(await postBoxes(page)).toEqual(painted);
    // The SPA adopted the painted post (no second render of it, no grammars loaded to highlight it again).
    expect(await page.evaluate("document.querySelector('.post-view') === window.paintedPost")).toBe(true);
    expect(scripts.some((url) => url.includes('code-languages'))).toBe(false);
    expect(errors).toEqual([]);
    const shifts = await layoutShifts(page);
    expect(shifts.filter((shift) => shift.value > 0.001)).toEqual([]);

    // Taken over, the page works: who liked the post opens in its modal.
    await page.getByRole('button', { name: '1 Person liked this article' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Rita Reader' }).waitFor(VISIBLE);
  });

  it('leaves a reader who scrolled the painted post where they are when the SPA takes over', async () => {
    const { page } = site;
    await page.setViewportSize({ width: 412, height: 823 });
    const release = await holdRequests(page, '**/assets/index-*.js');
    await page.goto(articlePath, { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: TECHNICAL_ARTICLE_TITLE }).waitFor(VISIBLE);
    await page.evaluate('window.scrollTo(0, 400)');
    release();
    await page.getByRole('button', { name: 'Copy code' }).waitFor({ state: 'attached' });
    expect(await page.evaluate('window.scrollY')).toBe(400);
  });

  it("loads a post's comments as a phone's reader nears them, not with the post", async () => {
    const { page } = site;
    await page.setViewportSize({ width: 412, height: 823 });
    const commentReads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/Comments/')) commentReads.push(request.url());
    });
    await page.goto(articlePath);
    await page.getByRole('button', { name: 'Copy code' }).waitFor(VISIBLE);
    await page.getByRole('button', { name: '1 Person liked this article' }).waitFor(VISIBLE);
    expect(commentReads).toEqual([]);

    await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
    await page.getByText('No comments yet.').waitFor(VISIBLE);
    expect(commentReads).toHaveLength(1);
  });

  it('lets a logged-in reader like the post the server painted for anyone', async () => {
    const reader = await signUpOnSite(site.server.url, 'Lena Liker');
    const page = await site.openWithStoredSession(reader);
    await page.goto(articlePath);
    const like = page.getByRole('button', { name: 'Like this article' });
    await like.waitFor(VISIBLE);
    await like.click();
    await page.getByRole('button', { name: 'Liked: unlike this article' }).waitFor(VISIBLE);
    await page.getByRole('button', { name: '2 People liked this article' }).waitFor(VISIBLE);
  });
});
