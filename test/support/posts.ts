import { firstSearchPager, type SearchRequestInput } from '@app/contracts';
import type { ArticleEvent } from '@app/domain';
import type { ReadDocument, ReadStore } from '@app/read-store';
import { READ_STORE } from '@app/api';
import { bearer, type TestUser } from './accounts';
import type { TestApp } from './test-app';

/** An article as the submit page sends it: valid, with every field set. */
export const articleBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Understanding generics in C#',
  description: 'Type parameters, constraints and variance',
  categoryId: 3,
  tags: [
    { id: 1, subTag: 'csharp' },
    { id: 2, subTag: 'dotnet' },
  ],
  content:
    '<h2>Generics</h2><p>Generics let you write <strong>type-safe</strong> code.</p><pre><code class="language-csharp">List&lt;int&gt; xs;</code></pre>',
  source: 'https://learn.microsoft.com/dotnet/csharp/fundamentals/types/generics',
  instructions: 'Read the examples in order.',
  isPublished: false,
  defaultImageId: -1,
  ...overrides,
});

/** The event of a draft of `articleBody()` (approved, as under post-moderation), for a given stream. */
export function articleDrafted(id: number, authorId: string, at = '2026-01-02T09:00:00.000Z'): ArticleEvent {
  const { isPublished: _isPublished, defaultImageId: _defaultImageId, ...fields } = articleBody();
  return { type: 'ArticleDrafted', data: { ...fields, id, authorId, isApproved: true, at } };
}

/** A question as the ask page sends it. */
export const questionBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'How do I cancel a Task?',
  categoryId: 123,
  tags: [{ id: 1, subTag: 'csharp' }],
  content: '<p>I start a <code>Task</code> and want to stop it. How?</p>',
  defaultImageId: -1,
  ...overrides,
});

/** Creates a post through the API and returns its id. */
export async function createPost(
  site: TestApp,
  kind: 'Article' | 'Question',
  user: TestUser,
  body: Record<string, unknown>,
): Promise<number> {
  const response = await site.http().post(`/api/${kind}`).set(bearer(user)).send(body);
  if (response.status !== 200) throw new Error(`Create ${kind} failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.result as number;
}

/** Every document of a read-model collection, by id, for comparing a live read model with a rebuilt one. */
export async function documentsOf(site: TestApp, collection: string): Promise<ReadDocument[]> {
  const readStore = site.app.get<ReadStore>(READ_STORE);
  return readStore.find(collection, {}, { sort: [['id', 1]] });
}

/** The public search request of the navbar's empty search (SPEC §7 Search), newest first, with overrides. */
export const searchRequest = (overrides: Partial<SearchRequestInput> = {}): SearchRequestInput => ({
  searchString: '',
  uName: '',
  categoryId: -1,
  entityType: 100,
  orderByAsc: false,
  Tags: [],
  pager: firstSearchPager(overrides.orderByAsc === true),
  ...overrides,
});
