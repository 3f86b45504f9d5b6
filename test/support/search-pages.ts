import type { Page } from 'playwright-core';
import { callSite, type SiteAccount } from './site-api';

/** Selectors of the search screen (public /search, the Admin Panel) and the posts a search test seeds through the API. */

/** The search screen titled `label` ('Search', 'Admin Panel'). */
export const searchScreen = (page: Page, label = 'Search') => page.getByRole('region', { name: label });
export const searchResults = (page: Page, label = 'Search') => searchScreen(page, label).getByRole('list', { name: 'Search results' });
/** The rows of the grid: each post's list item (not its tags'). */
export const resultRows = (page: Page, label = 'Search') => searchResults(page, label).locator(':scope > li');
/** The titles of the rows, once the grid shows some (a new search clears the grid before its results arrive). */
export async function resultTitles(page: Page, label = 'Search'): Promise<string[]> {
  await resultRows(page, label).first().waitFor({ state: 'visible', timeout: 10_000 });
  return resultRows(page, label).locator('.post-title').allTextContents();
}
export const resultRow = (page: Page, title: string, label = 'Search') =>
  resultRows(page, label).filter({ has: page.getByRole('link', { name: title, exact: true }) });
export const searchText = (page: Page, label = 'Search') => searchScreen(page, label).getByRole('searchbox', { name: 'Search text' });
export const filterSelect = (page: Page, placeholder: string, label = 'Search') =>
  searchScreen(page, label).getByRole('combobox', { name: placeholder });
export const moreResults = (page: Page, label = 'Search') => searchScreen(page, label).getByRole('button', { name: 'More results' });

/** The address's query, as an object. */
export const queryOf = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

export interface SeedTag {
  id: number;
  subTag: string;
}

/** Publishes an article through the API and returns its id. */
export function publishArticle(siteUrl: string, author: SiteAccount, fields: { title: string; tags: SeedTag[]; categoryId?: number }) {
  return callSite<number>(siteUrl, 'POST', '/api/Article', {
    token: author.token,
    body: {
      description: `About ${fields.title}`,
      categoryId: 3,
      content: `<p>${fields.title} in practice.</p>`,
      isPublished: true,
      ...fields,
    },
  });
}

/** Asks a question through the API (a question is published on ask) and returns its id. */
export function askQuestion(siteUrl: string, author: SiteAccount, fields: { title: string; tags: SeedTag[]; categoryId?: number }) {
  return callSite<number>(siteUrl, 'POST', '/api/Question', {
    token: author.token,
    body: { categoryId: 3, content: `<p>${fields.title}?</p>`, ...fields },
  });
}

/** POST /api/Search as a visitor: the titles the public finds for `searchString`. */
export async function publicSearchTitles(siteUrl: string, searchString: string): Promise<string[]> {
  const found = await callSite<Array<{ title: string }>>(siteUrl, 'POST', '/api/Search', {
    body: {
      searchString,
      categoryId: -1,
      entityType: 100,
      orderByAsc: false,
      Tags: [],
      pager: { lastFetchedArticleId: Number.MAX_SAFE_INTEGER, lastFetchedQuestionId: Number.MAX_SAFE_INTEGER, pageSize: 100 },
    },
  });
  return found.map((post) => post.title);
}
