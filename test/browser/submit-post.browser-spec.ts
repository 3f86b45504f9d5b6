import type { Page } from 'playwright-core';
import { useBrowserSite, VISIBLE } from '../support/browser-site';
import {
  addTag,
  dialog,
  editor,
  fillArticleForm,
  latestArticles,
  notification,
  pngImage,
  postIdIn,
  uploadImageThroughModal,
} from '../support/post-pages';
import { callSite, signedInOnSite, type SiteAccount } from '../support/site-api';

jest.setTimeout(90_000);

const site = useBrowserSite();
let author: SiteAccount;

/** Every test writes as a new author, logged in from local storage. */
beforeEach(async () => (author = await signedInOnSite(site, 'Grace Hopper')));

describe('submit an article', () => {
  it('writes an article with an image and an attachment, saves and publishes it, and shows it on Home', async () => {
    await site.page.goto('/article/submit');
    await site.page.getByRole('heading', { name: 'Submit an Article' }).waitFor(VISIBLE);
    await fillArticleForm(site.page, {
      title: 'Generics in C# explained',
      description: 'Type parameters and constraints',
      content: 'Generics let you write type-safe code.',
    });

    // The first upload on a new article saves it as a draft (SPEC §4) and reuses its id.
    await uploadImageThroughModal(site.page, 'Generic list diagram', 'A List<T> holding ints');
    const figure = editor(site.page).locator('figure');
    await figure.waitFor(VISIBLE);
    expect(await figure.locator('figcaption').textContent()).toBe('Generic list diagram');
    const src = await figure.locator('img').getAttribute('src');
    expect(src).toMatch(/^\/images\/.+\.png$/);
    const articleId = postIdIn(site.page);
    expect(articleId).toBeGreaterThan(0);

    // The crop is 1280 px wide PNG (SPEC §9).
    const size = await figure
      .locator('img')
      .evaluate(async (image: { decode(): Promise<void>; naturalWidth: number; naturalHeight: number }) => {
        await image.decode();
        return { width: image.naturalWidth, height: image.naturalHeight };
      });
    expect(size).toEqual({ width: 1280, height: 800 });

    const images = site.page.getByRole('region', { name: 'Uploaded images' });
    await images.getByText('Generic list diagram').waitFor(VISIBLE);
    await images.getByRole('radio', { name: 'Default image' }).check();

    const attach = site.page.getByRole('region', { name: 'Attach files' });
    await attach
      .getByLabel('File', { exact: true })
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Read the examples in order.\n') });
    expect(await attach.getByLabel('File name').inputValue()).toBe('notes.txt');
    await attach.getByRole('button', { name: 'Attach' }).click();
    await site.page.getByRole('list', { name: 'Attachments' }).getByText('notes.txt').waitFor(VISIBLE);

    await site.page.getByRole('button', { name: 'Save', exact: true }).click();
    await notification(site.page).getByText('Article Saved').waitFor(VISIBLE);
    await site.page.getByRole('button', { name: 'Publish', exact: true }).click();
    await notification(site.page).getByText('Article Published').waitFor(VISIBLE);
    await site.page.getByRole('button', { name: 'Unpublish', exact: true }).waitFor(VISIBLE);
    expect(postIdIn(site.page)).toBe(articleId);

    const saved = await callSite<{
      title: string;
      isPublished: boolean;
      content: string;
      defaultImageId: number;
      tags: Array<{ subTag: string }>;
      attachedFiles: Array<{ id: number; fileDisplayName: string }>;
    }>(site.server.url, 'GET', `/api/Article/${articleId}`);
    expect(saved).toMatchObject({ title: 'Generics in C# explained', isPublished: true, tags: [{ subTag: 'csharp' }] });
    expect(saved.content).toContain(`<figure><img src="${src}"`);
    expect(saved.content).toContain('<figcaption>Generic list diagram</figcaption>');
    expect(saved.defaultImageId).toBeGreaterThan(0);
    expect(saved.attachedFiles.map((file) => file.fileDisplayName)).toContain('notes.txt');

    await site.page.goto('/');
    const latest = latestArticles(site.page);
    await latest.getByRole('link', { name: 'Generics in C# explained' }).waitFor(VISIBLE);
    expect(await latest.getByRole('link', { name: 'Generics in C# explained' }).getAttribute('href')).toBe(
      `/article/${articleId}/generics-in-csharp-explained`,
    );
  });

  it('opens an article for edit with its images and attachments, and removing an image removes its figure', async () => {
    await site.page.goto('/article/submit');
    await fillArticleForm(site.page, {
      title: 'Records in C#',
      description: 'Value equality for free',
      content: 'Records compare by value.',
    });
    await uploadImageThroughModal(site.page, 'Record equality', 'Two records that are equal');
    const articleId = postIdIn(site.page);
    await site.page.getByRole('button', { name: 'Save', exact: true }).click();
    await notification(site.page).getByText('Article Saved').waitFor(VISIBLE);

    await site.page.goto(`/article/submit?id=${articleId}`);
    await site.page.getByRole('heading', { name: 'Edit Article' }).waitFor(VISIBLE);
    await editor(site.page).locator('figure figcaption', { hasText: 'Record equality' }).waitFor(VISIBLE);
    expect(await site.page.getByLabel('Title').inputValue()).toBe('Records in C#');
    expect(await site.page.getByLabel('Description').inputValue()).toBe('Value equality for free');
    expect(await site.page.getByLabel('Category').inputValue()).toBe('3');
    await site.page.getByRole('list', { name: 'Chosen tags' }).getByText('csharp').waitFor(VISIBLE);

    await site.page.getByRole('button', { name: 'Remove image Record equality' }).click();
    await editor(site.page).locator('figure').waitFor({ state: 'detached' });
    await site.page.getByRole('region', { name: 'Uploaded images' }).waitFor({ state: 'detached' });
    expect(await editor(site.page).textContent()).toContain('Records compare by value.');

    await site.page.getByRole('button', { name: 'Publish', exact: true }).click();
    await notification(site.page).getByText('Article Published').waitFor(VISIBLE);
    await site.page.getByRole('button', { name: 'Unpublish', exact: true }).click();
    await notification(site.page).getByText('Article unpublished').waitFor(VISIBLE);
    const article = await callSite<{ isPublished: boolean; content: string }>(site.server.url, 'GET', `/api/Article/${articleId}`, {
      token: author.token,
    });
    expect(article.isPublished).toBe(false);
    expect(article.content).not.toContain('<figure>');
  });

  it('asks to fill the required fields before a save or an upload', async () => {
    await site.page.goto('/article/submit');
    await site.page.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog(site.page, 'Fill all required fields first').waitFor(VISIBLE);
    await dialog(site.page, 'Fill all required fields first').getByRole('button', { name: 'Close' }).first().click();
    await dialog(site.page, 'Fill all required fields first').waitFor({ state: 'hidden' });
    for (const message of [
      '- Category is required',
      '- Tags are required',
      '- Title is required',
      '- Description is required',
      '- Content is required',
    ]) {
      await site.page.getByText(message, { exact: true }).waitFor(VISIBLE);
    }

    // Attaching to an unsaved, invalid article creates nothing.
    const attach = site.page.getByRole('region', { name: 'Attach files' });
    await attach
      .getByLabel('File', { exact: true })
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes\n') });
    await attach.getByRole('button', { name: 'Attach' }).click();
    await dialog(site.page, 'Fill all required fields first').waitFor(VISIBLE);
    expect(new URL(site.page.url()).searchParams.get('id')).toBeNull();
  });

  it('autosaves a changed, valid article after 60 seconds without a message', async () => {
    await site.page.clock.install();
    await site.page.goto('/article/submit');
    await fillArticleForm(site.page, {
      title: 'Spans and memory',
      description: 'Slicing without copies',
      content: 'Span<T> is a view over memory.',
    });
    const saved = site.page.waitForResponse(
      (response) => response.url().endsWith('/api/Article') && response.request().method() === 'POST',
    );
    await site.page.clock.runFor(60_000);
    const created = await (await saved).json();
    expect(created.success).toBe(true);
    await site.page.waitForURL((url) => url.searchParams.get('id') === String(created.result));
    expect(await notification(site.page).textContent()).toBe('');

    // Unchanged: the next tick saves nothing; a change is saved by the one after.
    let puts = 0;
    site.page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().endsWith('/api/Article')) puts += 1;
    });
    await site.page.clock.runFor(60_000);
    expect(puts).toBe(0);
    await site.page.getByLabel('Title').fill('Spans and memory in .NET');
    const updated = site.page.waitForResponse(
      (response) => response.url().endsWith('/api/Article') && response.request().method() === 'PUT',
    );
    await site.page.clock.runFor(60_000);
    expect((await updated).status()).toBe(200);
    const article = await callSite<{ title: string; isPublished: boolean }>(site.server.url, 'GET', `/api/Article/${created.result}`, {
      token: author.token,
    });
    expect(article).toMatchObject({ title: 'Spans and memory in .NET', isPublished: false });
  });

  it('sends a logged-out visitor to login', async () => {
    const visitor = await site.openAnotherBrowser();
    for (const path of ['/article/submit', '/question/ask', '/documents/upload']) {
      await visitor.goto(path);
      await visitor.waitForURL((url) => url.pathname === '/login');
    }
  });
});

describe('ask a question', () => {
  it('shows the errors after a save attempt, then saves the question', async () => {
    await site.page.goto('/question/ask');
    await site.page.getByRole('heading', { name: 'Ask a Question' }).waitFor(VISIBLE);
    expect(await site.page.getByText('- Title is required').count()).toBe(0);
    await site.page.getByRole('button', { name: 'Post Your Question', exact: true }).click();
    await site.page.getByText('- Title is required', { exact: true }).waitFor(VISIBLE);
    await site.page.getByText('- Content is required', { exact: true }).waitFor(VISIBLE);

    await site.page.getByLabel('Category').selectOption({ label: 'Multithreading' });
    await addTag(site.page, 'async-await');
    await site.page.getByLabel('Title').fill('How do I cancel a Task?');
    await editor(site.page).click();
    await site.page.keyboard.type('I start a Task and want to stop it.');
    await site.page.getByRole('button', { name: 'Post Your Question', exact: true }).click();
    await notification(site.page).getByText('Question Saved').waitFor(VISIBLE);
    await site.page.waitForURL((url) => Number(url.searchParams.get('id')) > 0);

    const question = await callSite<{ title: string; categoryId: number; tags: Array<{ subTag: string }>; content: string }>(
      site.server.url,
      'GET',
      `/api/Question/${postIdIn(site.page)}`,
    );
    expect(question).toMatchObject({ title: 'How do I cancel a Task?', categoryId: 123, tags: [{ subTag: 'async-await' }] });
    expect(question.content).toContain('I start a Task and want to stop it.');
  });
});

describe('image upload failures', () => {
  async function fillQuestion(page: Page) {
    await page.goto('/question/ask');
    await page.getByLabel('Category').selectOption({ label: 'C#' });
    await addTag(page, 'csharp');
    await page.getByLabel('Title').fill('Why is my image not uploading?');
    await editor(page).click();
    await page.keyboard.type('It fails.');
  }

  async function chooseImage(page: Page) {
    await page.getByRole('button', { name: 'Upload image' }).click();
    const modal = dialog(page, 'Upload Image');
    await modal.getByLabel('Image').setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await modal.getByText('Invalid image type', { exact: true }).waitFor(VISIBLE);
    await modal.getByLabel('Image').setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: await pngImage(page) });
    await modal.getByRole('button', { name: 'Upload' }).click();
    await modal.getByText('- Caption is required', { exact: true }).waitFor(VISIBLE);
    await modal.getByText('- Description is required', { exact: true }).waitFor(VISIBLE);
    await modal.getByLabel('Caption').fill('Screenshot');
    await modal.getByLabel('Description').fill('The failing screen');
    await modal.getByRole('button', { name: 'Upload' }).click();
    return modal;
  }

  it('shows the server message in an Error modal when the upload fails', async () => {
    await site.page.route('**/api/File', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          result: null,
          errorMessage: 'The file is not a valid image',
          timeStamp: new Date().toISOString(),
        }),
      }),
    );
    await fillQuestion(site.page);
    const modal = await chooseImage(site.page);
    const error = dialog(site.page, 'Error');
    await error.getByText('The file is not a valid image').waitFor(VISIBLE);
    expect(await modal.isVisible()).toBe(true);
    expect(await editor(site.page).locator('figure').count()).toBe(0);
  });

  it("says 'Something went wrong' when the draft cannot be created", async () => {
    await site.page.route('**/api/Question', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ success: false, result: null, errorMessage: 'boom', timeStamp: new Date().toISOString() }),
          })
        : route.continue(),
    );
    await fillQuestion(site.page);
    await chooseImage(site.page);
    await dialog(site.page, 'Something went wrong').waitFor(VISIBLE);
  });
});

describe('upload documents', () => {
  it('refuses a wrong file type and uploads a text document', async () => {
    await site.page.goto('/documents/upload');
    await site.page.getByRole('heading', { name: 'Upload Documents' }).waitFor(VISIBLE);
    await site.page.getByRole('button', { name: 'Upload' }).click();
    await site.page.getByText('File is required', { exact: true }).waitFor(VISIBLE);

    const file = site.page.getByLabel('File', { exact: true });
    await file.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: await pngImage(site.page, 10, 10) });
    await site.page.getByText('Only .doc, .docx, .pdf, .txt files are allowed', { exact: true }).waitFor(VISIBLE);

    await site.page.getByLabel('Instructions (optional)').fill('x'.repeat(2001));
    await site.page.getByText('Max 2000 characters', { exact: true }).waitFor(VISIBLE);
    await site.page.getByLabel('Instructions (optional)').fill('Please review the draft.');

    await file.setInputFiles({ name: 'draft-article.txt', mimeType: 'text/plain', buffer: Buffer.from('A draft about generics.\n') });
    await site.page.getByRole('button', { name: 'Upload' }).click();
    await site.page.getByText('Document uploaded successfully', { exact: true }).waitFor(VISIBLE);
    expect(await site.page.getByLabel('Instructions (optional)').inputValue()).toBe('');
  });
});
