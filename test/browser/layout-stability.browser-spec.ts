import type { Page } from 'playwright-core';
import { holdRequests, useBrowserSite, VISIBLE, withoutFirstRead } from '../support/browser-site';
import { callSite, signUpOnSite } from '../support/site-api';

jest.setTimeout(60_000);

const site = useBrowserSite();

interface LayoutShift {
  value: number;
  /** The class names of what moved. */
  nodes: string[];
}

/** Records every layout shift of the page from its first paint (the browser's own Layout Instability API). */
const RECORD_LAYOUT_SHIFTS = `
  window.layoutShifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.layoutShifts.push({ value: entry.value, nodes: (entry.sources || []).map((source) => (source.node && source.node.className) || '?') });
  }).observe({ type: 'layout-shift', buffered: true });
`;

const layoutShifts = (page: Page) => page.evaluate<LayoutShift[]>('window.layoutShifts');

/**
 * Content that arrives after the shell (a page's chunk, its data) must push nothing on screen
 * (issue 12: CLS <= 0.1; the footer and the ad slot used to jump down as posts arrived).
 */
describe('layout stability', () => {
  let articleId = 0;

  beforeAll(async () => {
    const author = await signUpOnSite(site.server.url, 'Grace Hopper');
    const paragraphs = Array.from({ length: 12 }, (_, index) => `<p>Paragraph ${index} about compilers and the bugs they find.</p>`).join(
      '',
    );
    for (let index = 0; index < 12; index++) {
      articleId = await callSite<number>(site.server.url, 'POST', '/api/Article', {
        token: author.token,
        body: {
          title: `Compilers, part ${index}`,
          description: 'How a compiler reads a program',
          categoryId: 3,
          tags: [{ id: 1, subTag: 'compilers' }],
          content: `<h2>Reading</h2>${paragraphs}`,
          source: '',
          instructions: '',
          isPublished: true,
          defaultImageId: -1,
        },
      });
    }
  });

  it.each([
    ['home', '/', '**/api/Home/**'],
    ['an article', '', '**/api/Article/**'],
  ])('moves nothing on %s when its data arrives late, on a phone', async (_name, path, api) => {
    await site.page.setViewportSize({ width: 412, height: 823 });
    await site.page.addInitScript({ content: RECORD_LAYOUT_SHIFTS });
    await withoutFirstRead(site.page);
    const release = await holdRequests(site.page, api);
    await site.page.goto(path || `/article/${articleId}`);
    await site.page.getByRole('contentinfo').waitFor({ state: 'attached' });
    await site.page.waitForTimeout(300);
    release();
    await site.page.getByText('Compilers, part 11', { exact: true }).first().waitFor(VISIBLE);
    await site.page.waitForTimeout(300);
    const shifts = await layoutShifts(site.page);
    expect(shifts.filter((shift) => shift.value > 0.001)).toEqual([]);
  });
});
