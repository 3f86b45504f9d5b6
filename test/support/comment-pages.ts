import type { Page } from 'playwright-core';
import { VISIBLE } from './browser-site';
import { callSite, type SiteAccount } from './site-api';

/** Selectors and flows of the comments under a post, the like buttons and the likes modal. */

export const commentsSection = (page: Page) => page.getByRole('region', { name: 'Comments' });
/** One comment's own part (author, time, content, actions), found by its text; not its replies. */
export const comment = (page: Page, text: string) => commentsSection(page).locator('.comment-body').filter({ hasText: text });
/** The contents of the shown comments, in page order. */
export const commentTexts = (page: Page) => commentsSection(page).locator('.comment-content').allTextContents();
export const commentEditor = (page: Page, label = 'Comment') => page.getByRole('textbox', { name: label, exact: true });
export const likesModal = (page: Page, label: 'Article' | 'Question' | 'Comment') =>
  page.getByRole('dialog', { name: `Users who liked this ${label}` });

/** Types a comment into the editor labelled `label` and presses the form's `submit` button. */
export async function writeComment(page: Page, text: string, { label = 'Comment', submit = 'Comment' } = {}) {
  const editor = commentEditor(page, label);
  await editor.waitFor(VISIBLE);
  await editor.click();
  await page.keyboard.type(text);
  await page.getByRole('form', { name: label }).getByRole('button', { name: submit, exact: true }).click();
}

export interface SeededComment {
  id: number;
  content: string;
}

/** Comments through the API (POST /api/ArticleComment) as `account`. */
export function addArticleComment(siteUrl: string, account: SiteAccount, articleID: number, text: string, parentId = -1) {
  return callSite<SeededComment>(siteUrl, 'POST', '/api/ArticleComment', {
    token: account.token,
    body: { uName: account.userName, content: `<p>${text}</p>`, attachedFiles: [], articleID, parentId },
  });
}

/** Likes or unlikes an item through the API as `account`. */
export function likeThroughApi(
  siteUrl: string,
  account: SiteAccount,
  resource: 'Article' | 'Question' | 'ArticleComment' | 'QuestionComment',
  id: number,
  isLiked = true,
) {
  return callSite<{ likes: number; isLiked: boolean }>(siteUrl, 'PUT', `/api/${resource}/Like`, {
    token: account.token,
    body: { id, isLiked },
  });
}
