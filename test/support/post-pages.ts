import type { Locator, Page } from 'playwright-core';
import { VISIBLE } from './browser-site';

/** Selectors and flows of the submit, view and Admin Panel pages of articles and questions. */

export const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
export const notification = (page: Page) => page.getByRole('status', { name: 'Notification' });
export const editor = (page: Page) => page.getByRole('textbox', { name: 'Content' });
/** The id the submit page puts in its address once the post is saved (?id=). */
export const postIdIn = (page: Page) => Number(new URL(page.url()).searchParams.get('id'));
export const latestArticles = (page: Page) => page.getByRole('region', { name: 'Latest Articles' });
/** The Admin Panel's search screen (SPEC §2: titled 'Admin Panel', on the admin search call). */
export const adminPosts = (page: Page) => page.getByRole('region', { name: 'Admin Panel' });
export const adminPostRow = (page: Page, title: string) =>
  adminPosts(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: title, exact: true }) });

/** A real PNG, drawn by the browser: the server checks uploads by their content. */
export async function pngImage(page: Page, width = 320, height = 200): Promise<Buffer> {
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

/** Adds a tag (or skill) in the tags multi-select: type to filter, then pick the suggestion. */
export async function addTag(scope: Page | Locator, name: string, label = 'Tags') {
  const box = scope.getByRole('combobox', { name: label, exact: true });
  await box.fill(name);
  await scope.getByRole('option', { name, exact: true }).click();
  await scope
    .getByRole('list', { name: `Chosen ${label.toLowerCase()}` })
    .getByText(name, { exact: true })
    .waitFor(VISIBLE);
}

/** Fills the article submit page: category C#, tag csharp, title, description and typed content. */
export async function fillArticleForm(page: Page, article: { title: string; description: string; content: string }) {
  await page.getByLabel('Category').selectOption({ label: 'C#' });
  await addTag(page, 'csharp');
  await page.getByLabel('Title').fill(article.title);
  await page.getByLabel('Description').fill(article.description);
  await editor(page).click();
  await page.keyboard.type(article.content);
}

/** Uploads a drawn PNG through the editor's Upload Image modal and waits for the modal to close. */
export async function uploadImageThroughModal(page: Page, caption: string, description: string) {
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

/** Attaches a file in the submit page's Attach files section and waits until it is listed. */
export async function attachFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const attach = page.getByRole('region', { name: 'Attach files' });
  await attach.getByLabel('File', { exact: true }).setInputFiles(file);
  await attach.getByRole('button', { name: 'Attach' }).click();
  await page.getByRole('list', { name: 'Attachments' }).getByText(file.name).waitFor(VISIBLE);
}
