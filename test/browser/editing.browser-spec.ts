import { expectNoSeriousA11yViolations } from '../support/axe';
import { heading, useBrowserSite, VISIBLE } from '../support/browser-site';
import { eventually } from '../support/eventually';
import { addTag, editor, notification, postIdIn, uploadImageThroughModal } from '../support/post-pages';
import { callSite, signedInOnSite, type SiteAccount } from '../support/site-api';

jest.setTimeout(90_000);

/** Issue 14: writing a post: the tags combobox, the code language picker, the unsaved-changes warning, question autosave. */
const site = useBrowserSite();
let author: SiteAccount;

beforeEach(async () => (author = await signedInOnSite(site, 'Grace Hopper')));

const tagsBox = () => site.page.getByRole('combobox', { name: 'Tags', exact: true });
const chosenTags = () => site.page.getByRole('list', { name: 'Chosen tags' });

describe('the tags field', () => {
  it('filters as one types, adds with the arrows and Enter or a click, and removes with Backspace or ×', async () => {
    await site.page.goto('/question/ask');
    await site.page.getByRole('heading', { name: 'Ask a Question' }).waitFor(VISIBLE);
    expect(await site.page.getByRole('checkbox').count()).toBe(0);

    await tagsBox().click();
    expect(await tagsBox().getAttribute('aria-expanded')).toBe('true');
    await tagsBox().fill('async');
    const options = site.page.getByRole('listbox', { name: 'Suggested tags' }).getByRole('option');
    const names = await options.allTextContents();
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((name) => name.includes('async'))).toBe(true);

    // The first match is active; ArrowDown moves to the next, Enter adds it.
    expect(await options.first().getAttribute('aria-selected')).toBe('true');
    expect(await tagsBox().getAttribute('aria-activedescendant')).toBe(await options.first().getAttribute('id'));
    await tagsBox().fill('csharp');
    await site.page.keyboard.press('Enter');
    await chosenTags().getByText('csharp', { exact: true }).waitFor(VISIBLE);
    expect(await tagsBox().inputValue()).toBe('');

    await tagsBox().fill('async-await');
    await site.page.getByRole('option', { name: 'async-await', exact: true }).click();
    await chosenTags().getByText('async-await', { exact: true }).waitFor(VISIBLE);
    // A chosen tag is not suggested again.
    await tagsBox().fill('csharp');
    expect(await site.page.getByRole('option', { name: 'csharp', exact: true }).count()).toBe(0);
    await tagsBox().fill('');

    await site.page.keyboard.press('Backspace');
    await chosenTags().getByText('async-await').waitFor({ state: 'detached' });
    await site.page.keyboard.press('Escape');
    expect(await tagsBox().getAttribute('aria-expanded')).toBe('false');
    await site.page.getByRole('button', { name: 'Remove tag csharp' }).click();
    await chosenTags().waitFor({ state: 'detached' });

    await tagsBox().fill('no tag is called this');
    await site.page.getByText('No tags match.').waitFor(VISIBLE);

    // Keyboard only: ArrowDown opens, Enter adds, and saving keeps the tags.
    await tagsBox().fill('');
    await site.page.keyboard.press('ArrowDown');
    await site.page.keyboard.press('ArrowDown');
    await site.page.keyboard.press('Enter');
    expect(await chosenTags().getByRole('listitem').count()).toBe(1);
    await expectNoSeriousA11yViolations(site.page, 'the ask-question page with the tags list open');
  });
});

describe('the code language picker', () => {
  it('turns the paragraph into a highlighted code block of the chosen language, saved with its language', async () => {
    await site.page.goto('/article/submit');
    await site.page.getByLabel('Category').selectOption({ label: 'C#' });
    await addTag(site.page, 'csharp');
    await site.page.getByLabel('Title').fill('Picking a language');
    await site.page.getByLabel('Description').fill('Highlighted while typing');
    await editor(site.page).click();
    await site.page.keyboard.type('const answer = 42; // the answer');
    await site.page.getByLabel('Code language').selectOption({ label: 'TypeScript' });
    const code = editor(site.page).locator('pre code.language-typescript');
    await code.waitFor(VISIBLE);
    await code.locator('.hljs-keyword', { hasText: 'const' }).waitFor(VISIBLE);
    await code.locator('.hljs-comment').waitFor(VISIBLE);
    expect(await site.page.getByLabel('Code language').inputValue()).toBe('typescript');

    await site.page.getByRole('button', { name: 'Save', exact: true }).click();
    await notification(site.page).getByText('Article Saved').waitFor(VISIBLE);
    const article = await callSite<{ content: string }>(site.server.url, 'GET', `/api/Article/${postIdIn(site.page)}`, {
      token: author.token,
    });
    expect(article.content).toContain('<pre><code class="language-typescript">const answer = 42; // the answer</code></pre>');
  });
});

describe('images in a post', () => {
  it('keep their natural width and height, so the page reserves their box before they load', async () => {
    await site.page.goto('/question/ask');
    await site.page.getByLabel('Category').selectOption({ label: 'C#' });
    await addTag(site.page, 'csharp');
    await site.page.getByLabel('Title').fill('Why is my diagram blurry?');
    await editor(site.page).click();
    await site.page.keyboard.type('See the diagram.');
    await uploadImageThroughModal(site.page, 'The diagram', 'A blue box');
    const image = editor(site.page).locator('figure img');
    await image.waitFor(VISIBLE);
    const size = await image.evaluate(async (element: { decode(): Promise<void>; naturalWidth: number; naturalHeight: number }) => {
      await element.decode();
      return { width: element.naturalWidth, height: element.naturalHeight };
    });
    expect(size.width).toBeGreaterThan(0);
    expect(await image.getAttribute('width')).toBe(String(size.width));
    expect(await image.getAttribute('height')).toBe(String(size.height));

    await site.page.getByRole('button', { name: 'Post Your Question', exact: true }).click();
    await notification(site.page).getByText('Question Saved').waitFor(VISIBLE);
    const id = postIdIn(site.page);
    const question = await callSite<{ content: string }>(site.server.url, 'GET', `/api/Question/${id}`);
    expect(question.content).toMatch(new RegExp(`<img [^>]*width="${size.width}" height="${size.height}"`));
    await site.page.goto(`/question/${id}/why-is-my-diagram-blurry`);
    const shown = site.page.locator('.post-content figure img');
    await shown.waitFor(VISIBLE);
    expect(await shown.getAttribute('width')).toBe(String(size.width));
  });
});

describe('leaving an editor with unsaved changes', () => {
  it('asks first inside the app, and the browser asks when the tab closes; saved work leaves freely', async () => {
    await site.page.goto('/question/ask');
    await site.page.getByLabel('Title').fill('Half a question');
    const home = site.page.getByRole('banner').getByRole('link', { name: 'Home', exact: true });

    await home.click();
    const prompt = site.page.getByRole('dialog', { name: 'Unsaved changes' });
    await prompt.getByText('You have unsaved changes. Leave this page and lose them?').waitFor(VISIBLE);
    await prompt.getByRole('button', { name: 'Cancel' }).click();
    await prompt.waitFor({ state: 'hidden' });
    expect(new URL(site.page.url()).pathname).toBe('/question/ask');
    expect(await site.page.getByLabel('Title').inputValue()).toBe('Half a question');

    const dialogs: string[] = [];
    site.page.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.dismiss();
    });
    await site.page.close({ runBeforeUnload: true });
    await eventually(() => Promise.resolve(dialogs.length > 0), 'the beforeunload prompt', 5_000);
    expect(dialogs).toEqual(['beforeunload']);
    // The dismissed prompt left the page open: close it without asking again, so the context closes on a page with no prompt pending.
    await site.page.close();
  });

  it('leaves when the writer confirms, and does not ask once the work is saved', async () => {
    await site.page.goto('/question/ask');
    await site.page.getByLabel('Title').fill('Leaving anyway');
    await site.page.getByRole('banner').getByRole('link', { name: 'Home', exact: true }).click();
    await site.page.getByRole('dialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Yes' }).click();
    await site.page.waitForURL((url) => url.pathname === '/');

    await site.page.goto('/question/ask');
    await site.page.getByLabel('Category').selectOption({ label: 'C#' });
    await addTag(site.page, 'csharp');
    await site.page.getByLabel('Title').fill('A saved question');
    await editor(site.page).click();
    await site.page.keyboard.type('Nothing is lost.');
    await site.page.getByRole('button', { name: 'Post Your Question', exact: true }).click();
    await notification(site.page).getByText('Question Saved').waitFor(VISIBLE);
    await site.page.getByRole('banner').getByRole('link', { name: 'Home', exact: true }).click();
    await site.page.waitForURL((url) => url.pathname === '/');
    expect(await site.page.getByRole('dialog', { name: 'Unsaved changes' }).count()).toBe(0);
  });

  // Issue 25: the SPA's own history does what the data router's blocker did, for Back too.
  it('asks first when the writer goes Back, staying on the form until they confirm', async () => {
    await site.page.goto('/');
    await site.page.getByRole('main').getByRole('link', { name: 'Ask a Question', exact: true }).click();
    await site.page.getByLabel('Title').fill('Going back');
    const prompt = site.page.getByRole('dialog', { name: 'Unsaved changes' });

    await site.page.goBack();
    await prompt.getByRole('button', { name: 'Cancel' }).click();
    await prompt.waitFor({ state: 'hidden' });
    await site.page.waitForURL((url) => url.pathname === '/question/ask');
    expect(await site.page.getByLabel('Title').inputValue()).toBe('Going back');

    await site.page.goBack();
    await prompt.getByRole('button', { name: 'Yes' }).click();
    await site.page.waitForURL((url) => url.pathname === '/');
    await site.page.getByRole('main').getByRole('link', { name: 'Ask a Question', exact: true }).waitFor(VISIBLE);
  });
});

describe('question autosave', () => {
  it('saves a changed, valid question after 60 seconds without a message, as articles do', async () => {
    await site.page.clock.install();
    await site.page.goto('/question/ask');
    await site.page.getByLabel('Category').selectOption({ label: 'C#' });
    await addTag(site.page, 'csharp');
    await site.page.getByLabel('Title').fill('Autosaved question');
    await editor(site.page).click();
    await site.page.keyboard.type('Saved while I think.');
    const created = site.page.waitForResponse(
      (response) => response.url().endsWith('/api/Question') && response.request().method() === 'POST',
    );
    await site.page.clock.runFor(60_000);
    const id = ((await (await created).json()) as { result: number }).result;
    await site.page.waitForURL((url) => url.searchParams.get('id') === String(id));
    expect(await notification(site.page).textContent()).toBe('');

    await site.page.getByLabel('Title').fill('Autosaved question, edited');
    const updated = site.page.waitForResponse(
      (response) => response.url().endsWith('/api/Question') && response.request().method() === 'PUT',
    );
    await site.page.clock.runFor(60_000);
    expect((await updated).status()).toBe(200);
    // Issue 25: an autosaved question is a draft until 'Post Your Question' posts it, so its author reads it.
    const question = await callSite<{ title: string; content: string; isPublished?: boolean }>(
      site.server.url,
      'GET',
      `/api/Question/${id}`,
      { token: author.token },
    );
    expect(question).toMatchObject({ title: 'Autosaved question, edited', isPublished: false });
    expect(question.content).toContain('Saved while I think.');

    // Everything is saved: leaving asks nothing.
    await site.page.getByRole('banner').getByRole('link', { name: 'Home', exact: true }).click();
    await heading(site.page, 'DevCommunity').waitFor({ state: 'attached' });
    await site.page.waitForURL((url) => url.pathname === '/');
  });
});
