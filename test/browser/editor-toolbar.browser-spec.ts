import { heading, useBrowserSite, VISIBLE } from '../support/browser-site';
import { commentEditor, commentsSection } from '../support/comment-pages';
import { dialog } from '../support/post-pages';
import { publishArticle } from '../support/search-pages';
import { callSite, signUpOnSite, type SiteAccount } from '../support/site-api';

jest.setTimeout(90_000);

/** Issue 25: the editor's heading, quote and link buttons, indentation outside lists, and autolink only for addresses. */
const site = useBrowserSite();
let writer: SiteAccount;
let articleId: number;

beforeAll(async () => {
  writer = await signUpOnSite(site.server.url, 'Linus Writer');
  const tags = (await callSite<Array<{ id: number; subTag: string }>>(site.server.url, 'GET', '/api/Tag')).slice(0, 1);
  articleId = await publishArticle(site.server.url, writer, { title: 'Editor toolbar article', tags });
});

const tool = (name: string) => site.page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name, exact: true });

it('writes headings, a quote, a link and indented paragraphs that survive the server, and links only typed addresses', async () => {
  await site.openWithStoredSession(writer);
  await site.page.goto(`/article/${articleId}`);
  await heading(site.page, 'Editor toolbar article').waitFor(VISIBLE);
  const editor = commentEditor(site.page);
  await editor.waitFor(VISIBLE);
  await editor.click();
  const keyboard = site.page.keyboard;

  await tool('Heading').click();
  await keyboard.type('Part one');
  expect(await tool('Heading').getAttribute('aria-pressed')).toBe('true');
  await keyboard.press('Enter');
  await tool('Subheading').click();
  await keyboard.type('Details');
  await keyboard.press('Enter');
  await tool('Quote').click();
  await keyboard.type('A wise quote');
  await keyboard.press('Enter');
  await keyboard.press('Enter'); // leaves the quote
  // Indent is possible outside a list now.
  expect(await tool('Indent').isDisabled()).toBe(false);
  await tool('Indent').click();
  await tool('Indent').click();
  await keyboard.type('Indented twice');
  await tool('Outdent').click();
  await keyboard.press('Enter');
  await tool('Outdent').click();
  // Autolink: names with dots stay text; an address with a scheme or www. becomes a link.
  await keyboard.type('ASP.NET Core, Node.js and Vue.js; see https://nodejs.org and www.asp.net ok ');
  await keyboard.type('docs');
  await keyboard.down('Shift');
  for (let i = 0; i < 4; i++) await keyboard.press('ArrowLeft');
  await keyboard.up('Shift');
  await tool('Link').click();
  const linkDialog = dialog(site.page, 'Insert Link');
  await linkDialog.getByLabel('Link address').fill('javascript:alert(1)');
  await linkDialog.getByRole('button', { name: 'Apply' }).click();
  await linkDialog.getByText('Enter an http, https or mailto address').waitFor(VISIBLE);
  await linkDialog.getByLabel('Link address').fill('https://learn.microsoft.com/aspnet/core');
  await linkDialog.getByRole('button', { name: 'Apply' }).click();
  await linkDialog.waitFor({ state: 'hidden' });
  expect(await tool('Link').getAttribute('aria-pressed')).toBe('true');

  await site.page.getByRole('form', { name: 'Comment' }).getByRole('button', { name: 'Comment', exact: true }).click();
  const shown = commentsSection(site.page).locator('.comment-content').filter({ hasText: 'Indented twice' });
  await shown.waitFor(VISIBLE);

  await shown.getByRole('heading', { level: 2, name: 'Part one' }).waitFor(VISIBLE);
  await shown.getByRole('heading', { level: 3, name: 'Details' }).waitFor(VISIBLE);
  expect(await shown.locator('blockquote').textContent()).toBe('A wise quote');
  const indented = shown.locator('p', { hasText: 'Indented twice' });
  // Two steps while typing, one step back after: the paragraph keeps 2em.
  expect(await indented.getAttribute('style')).toMatch(/margin-left:\s*2em/);
  const links: Array<[string | null, string | null]> = [];
  for (const anchor of await shown.getByRole('link').all()) links.push([await anchor.textContent(), await anchor.getAttribute('href')]);
  expect(links).toEqual([
    ['https://nodejs.org', 'https://nodejs.org'],
    ['www.asp.net', 'https://www.asp.net'],
    ['docs', 'https://learn.microsoft.com/aspnet/core'],
  ]);
});
