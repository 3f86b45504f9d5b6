import AxeBuilder from '@axe-core/playwright';
import { heading, HIDDEN, useBrowserSite, VISIBLE } from '../support/browser-site';
import { callSite, usePostCast } from '../support/site-api';

jest.setTimeout(90_000);

const site = useBrowserSite();
const cast = usePostCast(site, 1);

const articleBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Span basics',
  description: 'Slicing without copying',
  categoryId: 3,
  tags: cast.tags,
  content: '<p>Span is fast.</p>',
  source: '',
  instructions: '',
  isPublished: false,
  defaultImageId: -1,
  ...overrides,
});

/** An article drafted, then rewritten and published in one save: revisions 1 create, 2 edit, 3 publish. */
async function articleWithHistory(): Promise<number> {
  const id = await callSite<number>(site.server.url, 'POST', '/api/Article', { token: cast.author.token, body: articleBody() });
  await callSite(site.server.url, 'PUT', '/api/Article', {
    token: cast.author.token,
    body: articleBody({
      id,
      title: 'Span in depth',
      content: '<p>Span is very fast.</p><p>Use <code>Memory</code> when async. &lt;b&gt;bold?&lt;/b&gt;</p>',
      isPublished: true,
    }),
  });
  return id;
}

const column = (name: string) => site.page.getByLabel(name, { exact: true });

describe('post history', () => {
  it('takes the author from the post to its history and shows a side-by-side diff of any two revisions', async () => {
    const id = await articleWithHistory();
    await site.openWithStoredSession(cast.author);
    await site.page.goto(`/article/${id}/span-in-depth`);
    await heading(site.page, 'Span in depth').waitFor(VISIBLE);

    await site.page.getByRole('link', { name: 'History', exact: true }).click();
    await site.page.waitForURL((url) => url.pathname === `/article/history/${id}`);
    await heading(site.page, 'History: Span in depth').waitFor(VISIBLE);

    const rows = site.page.getByRole('table', { name: 'Choose two revisions to compare.' }).locator('tbody tr');
    await rows.first().waitFor(VISIBLE);
    expect(await rows.count()).toBe(3);
    expect((await rows.nth(0).innerText()).replace(/\s+/g, ' ')).toContain('1 Created Ada Lovelace');
    expect((await rows.nth(1).innerText()).replace(/\s+/g, ' ')).toContain('2 Edited Ada Lovelace');
    expect((await rows.nth(2).innerText()).replace(/\s+/g, ' ')).toContain('3 Published Ada Lovelace');
    expect(await rows.nth(0).getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe(`/profile/${cast.author.userName}`);

    // By default the last two revisions: the publish changed neither title nor content.
    await site.page.getByRole('heading', { name: 'Revision 2 → revision 3' }).waitFor(VISIBLE);
    await site.page.getByRole('region', { name: 'Title' }).getByText('(unchanged)').waitFor(VISIBLE);
    const other = site.page.getByRole('table', { name: 'Other changes' });
    expect((await other.locator('tbody').innerText()).replace(/\s+/g, ' ').trim()).toBe('Published No Yes');

    await site.page.getByRole('radio', { name: 'Compare from revision 1' }).check();
    await site.page.getByRole('heading', { name: 'Revision 1 → revision 3' }).waitFor(VISIBLE);
    expect(await column('Title, revision 1').locator('del').allInnerTexts()).toEqual(['basics']);
    expect(await column('Title, revision 3').locator('ins').allInnerTexts()).toEqual(['in depth']);
    expect(await column('Title, revision 3').innerText()).toBe('Span in depth');
    expect(await column('Content, revision 1').innerText()).toBe('Span is fast.');
    const added = (await column('Content, revision 3').locator('ins').allInnerTexts()).join('');
    expect(added).toContain('very');
    expect(added).toContain('Use Memory when async.');
    // Text that looks like markup stays text.
    await column('Content, revision 3').getByText('<b>bold?</b>', { exact: false }).waitFor(VISIBLE);
    expect(await site.page.locator('.revision-diff b').count()).toBe(0);

    const { violations } = await new AxeBuilder({ page: site.page }).include('.post-history').analyze();
    expect(violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);

    await site.page.getByRole('checkbox', { name: 'Compare the html source' }).check();
    expect(await column('Content, revision 1').innerText()).toBe('<p>Span is fast.</p>');
    expect(await site.page.locator('.revision-diff p').count()).toBe(0);

    await site.page.getByRole('radio', { name: 'Compare to revision 2' }).check();
    await site.page.getByRole('heading', { name: 'Revision 1 → revision 2' }).waitFor(VISIBLE);
    await site.page.getByRole('table', { name: 'Other changes' }).waitFor(HIDDEN);

    await site.page.getByRole('link', { name: 'Back to the article' }).click();
    await heading(site.page, 'Span in depth').waitFor(VISIBLE);
  });

  it('shows the link to admins, not to other readers or visitors, whom the history page turns away', async () => {
    const id = await articleWithHistory();
    await site.page.goto(`/article/${id}/span-in-depth`);
    await heading(site.page, 'Span in depth').waitFor(VISIBLE);
    expect(await site.page.getByRole('link', { name: 'History', exact: true }).count()).toBe(0);
    await site.page.goto(`/article/history/${id}`);
    await site.page.waitForURL((url) => url.pathname === '/login');

    await site.openWithStoredSession(cast.reader);
    await site.page.goto(`/article/${id}/span-in-depth`);
    await heading(site.page, 'Span in depth').waitFor(VISIBLE);
    expect(await site.page.getByRole('link', { name: 'History', exact: true }).count()).toBe(0);
    await site.page.goto(`/article/history/${id}`);
    await site.page.getByRole('alert').getByText('Only the author and admins can see the history of this article.').waitFor(VISIBLE);

    await site.openWithStoredSession(cast.admin);
    await site.page.goto(`/article/${id}/span-in-depth`);
    await site.page.getByRole('link', { name: 'History', exact: true }).click();
    await heading(site.page, 'History: Span in depth').waitFor(VISIBLE);

    await site.page.goto('/question/history/999999');
    await heading(site.page, 'Question not found').waitFor(VISIBLE);
  });
});
