import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';
import { callSite, signUpOnSite, type SiteAccount } from '../support/site-api';

jest.setTimeout(90_000);

const VISIBLE = { state: 'visible', timeout: 10_000 } as const;

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let author: SiteAccount;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A browser whose local storage holds the author's session, as src/lib/auth-storage.ts keeps it. */
beforeEach(async () => {
  author = await signUpOnSite(server.url, 'Grace Hopper');
  const localStorage = [
    { name: 'userName', value: author.userName },
    { name: 'name', value: author.name },
    { name: 'token', value: author.token },
    { name: 'isLoggedIn', value: 'true' },
    { name: 'roleId', value: String(author.roleId) },
  ];
  context = await browser.newContext({ baseURL: server.url, storageState: { cookies: [], origins: [{ origin: server.url, localStorage }] } });
  page = await context.newPage();
});

afterEach(async () => {
  await context?.close();
});

const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const notification = (page: Page) => page.getByRole('status', { name: 'Notification' });
const editor = (page: Page) => page.getByRole('textbox', { name: 'Content' });
const postIdIn = (page: Page) => Number(new URL(page.url()).searchParams.get('id'));

/** A real PNG, drawn by the browser: the server checks uploads by their content. */
async function pngImage(page: Page, width = 320, height = 200): Promise<Buffer> {
  // A script string: the test project compiles without the DOM library.
  const dataUrl = await page.evaluate<string>(`(() => {
    const canvas = document.createElement('canvas');
    canvas.width = ${width};
    canvas.height = ${height};
    const context = canvas.getContext('2d');
    context.fillStyle = '#1f6feb';
    context.fillRect(0, 0, ${width}, ${height});
    context.fillStyle = '#f5f7fa';
    context.fillRect(${width / 4}, ${height / 4}, ${width / 2}, ${height / 2});
    return canvas.toDataURL('image/png');
  })()`);
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

async function fillArticle(page: Page, article: { title: string; description: string; content: string }) {
  await page.getByLabel('Category').selectOption({ label: 'C#' });
  await page.getByRole('checkbox', { name: 'csharp', exact: true }).check();
  await page.getByLabel('Title').fill(article.title);
  await page.getByLabel('Description').fill(article.description);
  await editor(page).click();
  await page.keyboard.type(article.content);
}

async function uploadImage(page: Page, caption: string, description: string) {
  await page.getByRole('button', { name: 'Upload image' }).click();
  const modal = dialog(page, 'Upload Image');
  await modal.waitFor(VISIBLE);
  await modal.getByLabel('Image').setInputFiles({ name: 'diagram.png', mimeType: 'image/png', buffer: await pngImage(page) });
  await modal.getByRole('img', { name: 'Crop preview' }).waitFor(VISIBLE);
  await modal.getByLabel('Caption').fill(caption);
  await modal.getByLabel('Description').fill(description);
  await modal.getByRole('button', { name: 'Upload' }).click();
  await modal.waitFor({ state: 'hidden' });
}

describe('submit an article', () => {
  it('writes an article with an image and an attachment, saves and publishes it, and shows it on Home', async () => {
    await page.goto('/article/submit');
    await page.getByRole('heading', { name: 'Submit an Article' }).waitFor(VISIBLE);
    await fillArticle(page, { title: 'Generics in C# explained', description: 'Type parameters and constraints', content: 'Generics let you write type-safe code.' });

    // The first upload on a new article saves it as a draft (SPEC §4) and reuses its id.
    await uploadImage(page, 'Generic list diagram', 'A List<T> holding ints');
    const figure = editor(page).locator('figure');
    await figure.waitFor(VISIBLE);
    expect(await figure.locator('figcaption').textContent()).toBe('Generic list diagram');
    const src = await figure.locator('img').getAttribute('src');
    expect(src).toMatch(/^\/images\/.+\.png$/);
    const articleId = postIdIn(page);
    expect(articleId).toBeGreaterThan(0);

    // The crop is 1280 px wide PNG (SPEC §9).
    const size = await figure.locator('img').evaluate(async (image: { decode(): Promise<void>; naturalWidth: number; naturalHeight: number }) => {
      await image.decode();
      return { width: image.naturalWidth, height: image.naturalHeight };
    });
    expect(size).toEqual({ width: 1280, height: 800 });

    const images = page.getByRole('region', { name: 'Uploaded images' });
    await images.getByText('Generic list diagram').waitFor(VISIBLE);
    await images.getByRole('radio', { name: 'Default image' }).check();

    const attach = page.getByRole('region', { name: 'Attach files' });
    await attach.getByLabel('File', { exact: true }).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Read the examples in order.\n') });
    expect(await attach.getByLabel('File name').inputValue()).toBe('notes.txt');
    await attach.getByRole('button', { name: 'Attach' }).click();
    await page.getByRole('list', { name: 'Attachments' }).getByText('notes.txt').waitFor(VISIBLE);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await notification(page).getByText('Article Saved').waitFor(VISIBLE);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await notification(page).getByText('Article Published').waitFor(VISIBLE);
    await page.getByRole('button', { name: 'Unpublish', exact: true }).waitFor(VISIBLE);
    expect(postIdIn(page)).toBe(articleId);

    const saved = await callSite<{
      title: string;
      isPublished: boolean;
      content: string;
      defaultImageId: number;
      tags: Array<{ subTag: string }>;
      attachedFiles: Array<{ id: number; fileDisplayName: string }>;
    }>(server.url, 'GET', `/api/Article/${articleId}`);
    expect(saved).toMatchObject({ title: 'Generics in C# explained', isPublished: true, tags: [{ subTag: 'csharp' }] });
    expect(saved.content).toContain(`<figure><img src="${src}"`);
    expect(saved.content).toContain('<figcaption>Generic list diagram</figcaption>');
    expect(saved.defaultImageId).toBeGreaterThan(0);
    expect(saved.attachedFiles.map((file) => file.fileDisplayName)).toContain('notes.txt');

    await page.goto('/');
    const latest = page.getByRole('region', { name: 'Latest Articles' });
    await latest.getByRole('link', { name: 'Generics in C# explained' }).waitFor(VISIBLE);
    expect(await latest.getByRole('link', { name: 'Generics in C# explained' }).getAttribute('href')).toBe(`/article/${articleId}/generics-in-csharp-explained`);
  });

  it('opens an article for edit with its images and attachments, and removing an image removes its figure', async () => {
    await page.goto('/article/submit');
    await fillArticle(page, { title: 'Records in C#', description: 'Value equality for free', content: 'Records compare by value.' });
    await uploadImage(page, 'Record equality', 'Two records that are equal');
    const articleId = postIdIn(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await notification(page).getByText('Article Saved').waitFor(VISIBLE);

    await page.goto(`/article/submit?id=${articleId}`);
    await page.getByRole('heading', { name: 'Edit Article' }).waitFor(VISIBLE);
    await editor(page).locator('figure figcaption', { hasText: 'Record equality' }).waitFor(VISIBLE);
    expect(await page.getByLabel('Title').inputValue()).toBe('Records in C#');
    expect(await page.getByLabel('Description').inputValue()).toBe('Value equality for free');
    expect(await page.getByLabel('Category').inputValue()).toBe('3');
    await page.getByRole('list', { name: 'Chosen tags' }).getByText('csharp').waitFor(VISIBLE);

    await page.getByRole('button', { name: 'Remove image Record equality' }).click();
    await editor(page).locator('figure').waitFor({ state: 'detached' });
    await page.getByRole('region', { name: 'Uploaded images' }).waitFor({ state: 'detached' });
    expect(await editor(page).textContent()).toContain('Records compare by value.');

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await notification(page).getByText('Article Published').waitFor(VISIBLE);
    await page.getByRole('button', { name: 'Unpublish', exact: true }).click();
    await notification(page).getByText('Article unpublished').waitFor(VISIBLE);
    const article = await callSite<{ isPublished: boolean; content: string }>(server.url, 'GET', `/api/Article/${articleId}`, { token: author.token });
    expect(article.isPublished).toBe(false);
    expect(article.content).not.toContain('<figure>');
  });

  it('asks to fill the required fields before a save or an upload', async () => {
    await page.goto('/article/submit');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog(page, 'Fill all required fields first').waitFor(VISIBLE);
    await dialog(page, 'Fill all required fields first').getByRole('button', { name: 'Close' }).first().click();
    await dialog(page, 'Fill all required fields first').waitFor({ state: 'hidden' });
    for (const message of ['- Category is required', '- Tags are required', '- Title is required', '- Description is required', '- Content is required']) {
      await page.getByText(message, { exact: true }).waitFor(VISIBLE);
    }

    // Attaching to an unsaved, invalid article creates nothing.
    const attach = page.getByRole('region', { name: 'Attach files' });
    await attach.getByLabel('File', { exact: true }).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes\n') });
    await attach.getByRole('button', { name: 'Attach' }).click();
    await dialog(page, 'Fill all required fields first').waitFor(VISIBLE);
    expect(new URL(page.url()).searchParams.get('id')).toBeNull();
  });

  it('autosaves a changed, valid article after 60 seconds without a message', async () => {
    await page.clock.install();
    await page.goto('/article/submit');
    await fillArticle(page, { title: 'Spans and memory', description: 'Slicing without copies', content: 'Span<T> is a view over memory.' });
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/Article') && response.request().method() === 'POST');
    await page.clock.runFor(60_000);
    const created = await (await saved).json();
    expect(created.success).toBe(true);
    await page.waitForURL((url) => url.searchParams.get('id') === String(created.result));
    expect(await notification(page).textContent()).toBe('');

    // Unchanged: the next tick saves nothing; a change is saved by the one after.
    let puts = 0;
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().endsWith('/api/Article')) puts += 1;
    });
    await page.clock.runFor(60_000);
    expect(puts).toBe(0);
    await page.getByLabel('Title').fill('Spans and memory in .NET');
    const updated = page.waitForResponse((response) => response.url().endsWith('/api/Article') && response.request().method() === 'PUT');
    await page.clock.runFor(60_000);
    expect((await updated).status()).toBe(200);
    const article = await callSite<{ title: string; isPublished: boolean }>(server.url, 'GET', `/api/Article/${created.result}`, { token: author.token });
    expect(article).toMatchObject({ title: 'Spans and memory in .NET', isPublished: false });
  });

  it('sends a logged-out visitor to login', async () => {
    const anonymous = await browser.newContext({ baseURL: server.url });
    try {
      const visitor = await anonymous.newPage();
      for (const path of ['/article/submit', '/question/ask', '/documents/upload']) {
        await visitor.goto(path);
        await visitor.waitForURL((url) => url.pathname === '/login');
      }
    } finally {
      await anonymous.close();
    }
  });
});

describe('ask a question', () => {
  it('shows the errors after a save attempt, then saves the question', async () => {
    await page.goto('/question/ask');
    await page.getByRole('heading', { name: 'Ask a Question' }).waitFor(VISIBLE);
    expect(await page.getByText('- Title is required').count()).toBe(0);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('- Title is required', { exact: true }).waitFor(VISIBLE);
    await page.getByText('- Content is required', { exact: true }).waitFor(VISIBLE);

    await page.getByLabel('Category').selectOption({ label: 'Multithreading' });
    await page.getByLabel('Filter tags').fill('async');
    await page.getByRole('checkbox', { name: 'async-await', exact: true }).check();
    await page.getByLabel('Title').fill('How do I cancel a Task?');
    await editor(page).click();
    await page.keyboard.type('I start a Task and want to stop it.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await notification(page).getByText('Question Saved').waitFor(VISIBLE);
    await page.waitForURL((url) => Number(url.searchParams.get('id')) > 0);

    const question = await callSite<{ title: string; categoryId: number; tags: Array<{ subTag: string }>; content: string }>(
      server.url,
      'GET',
      `/api/Question/${postIdIn(page)}`,
    );
    expect(question).toMatchObject({ title: 'How do I cancel a Task?', categoryId: 123, tags: [{ subTag: 'async-await' }] });
    expect(question.content).toContain('I start a Task and want to stop it.');
  });
});

describe('image upload failures', () => {
  async function fillQuestion(page: Page) {
    await page.goto('/question/ask');
    await page.getByLabel('Category').selectOption({ label: 'C#' });
    await page.getByRole('checkbox', { name: 'csharp', exact: true }).check();
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
    await page.route('**/api/File', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ success: false, result: null, errorMessage: 'The file is not a valid image', timeStamp: new Date().toISOString() }) }),
    );
    await fillQuestion(page);
    const modal = await chooseImage(page);
    const error = dialog(page, 'Error');
    await error.getByText('The file is not a valid image').waitFor(VISIBLE);
    expect(await modal.isVisible()).toBe(true);
    expect(await editor(page).locator('figure').count()).toBe(0);
  });

  it("says 'Something went wrong' when the draft cannot be created", async () => {
    await page.route('**/api/Question', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, result: null, errorMessage: 'boom', timeStamp: new Date().toISOString() }) })
        : route.continue(),
    );
    await fillQuestion(page);
    await chooseImage(page);
    await dialog(page, 'Something went wrong').waitFor(VISIBLE);
  });
});

describe('upload documents', () => {
  it('refuses a wrong file type and uploads a text document', async () => {
    await page.goto('/documents/upload');
    await page.getByRole('heading', { name: 'Upload Documents' }).waitFor(VISIBLE);
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('File is required', { exact: true }).waitFor(VISIBLE);

    const file = page.getByLabel('File', { exact: true });
    await file.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: await pngImage(page, 10, 10) });
    await page.getByText('Only .doc, .docx, .pdf, .txt files are allowed', { exact: true }).waitFor(VISIBLE);

    await page.getByLabel('Instructions (optional)').fill('x'.repeat(2001));
    await page.getByText('Max 2000 characters', { exact: true }).waitFor(VISIBLE);
    await page.getByLabel('Instructions (optional)').fill('Please review the draft.');

    await file.setInputFiles({ name: 'draft-article.txt', mimeType: 'text/plain', buffer: Buffer.from('A draft about generics.\n') });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Document uploaded successfully', { exact: true }).waitFor(VISIBLE);
    expect(await page.getByLabel('Instructions (optional)').inputValue()).toBe('');
  });
});
