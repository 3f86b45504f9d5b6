import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordedEvent } from '@app/event-store';
import type { SearchIndexProjection } from '@app/projections';
import { Fts5SearchIndex, type SearchDocument, type SearchIndex, type SearchQuery } from '@app/search-index';

/**
 * Given/when/then for the search projection, as `projectionSpec` is for read-store projections:
 *
 *   await searchProjectionSpec(searchProjection, searchIndex)
 *     .given([on<ArticleEvent>('article-7', { type: 'ArticleDrafted', data })])
 *     .when(on<ArticleEvent>('article-7', { type: 'ArticlePublished', data: { at } }))
 *     .then(searchDocumentExists({ isPublished: true }, { withId: 7 }));
 *
 * The given events are applied in one `applyBatch` and the `when` events in the next, as two batches
 * of the runner would (each moving the live checkpoint); events the projection does not handle are skipped.
 */

/** What the search index holds after the events. */
export type SearchAssertion = (index: SearchIndex) => Promise<void>;

/** The live document contains these fields (`toMatchObject`). */
export const searchDocumentExists =
  (expected: Partial<SearchDocument>, { withId }: { withId: number }): SearchAssertion =>
  async (index) => {
    expect(await index.get(withId)).toMatchObject(expected);
  };

/** The live document is exactly this one (`toEqual`). */
export const searchDocumentIs =
  (expected: SearchDocument): SearchAssertion =>
  async (index) => {
    expect(await index.get(expected.id)).toEqual(expected);
  };

/** No live document with this id. */
export const searchDocumentDoesNotExist =
  ({ withId }: { withId: number }): SearchAssertion =>
  async (index) => {
    expect(await index.get(withId)).toBeNull();
  };

/** Applies the events in ONE live batch that moves the checkpoint to the last event's position, as the runner does. */
export async function applySearchEvents(index: SearchIndex, projection: SearchIndexProjection, ...events: RecordedEvent[]): Promise<void> {
  if (events.length === 0) return;
  const from = await index.getCheckpoint();
  const applied = await index.applyBatch('live', { from, to: events[events.length - 1].position }, async (batch) => {
    for (const event of events) {
      if (projection.handles.includes(event.type)) await projection.apply(event, batch);
    }
  });
  if (!applied) throw new Error('The search index checkpoint moved under the spec.');
}

export function searchProjectionSpec(projection: SearchIndexProjection, index: () => SearchIndex) {
  return {
    given: (given: readonly RecordedEvent[]) => ({
      when: (...events: RecordedEvent[]) => ({
        then: async (...assertions: SearchAssertion[]): Promise<void> => {
          await applySearchEvents(index(), projection, ...given);
          await applySearchEvents(index(), projection, ...events);
          for (const assertion of assertions) await assertion(index());
        },
      }),
    }),
  };
}

/**
 * Gives each test of the calling `describe` a fresh FTS5 search index in a temporary folder,
 * closed and removed after the test. Call it at describe level; call the returned getter inside tests.
 */
export function useTemporarySearchIndex(): () => SearchIndex {
  let dir: string | undefined;
  let index: SearchIndex | undefined;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'search-projection-'));
    index = new Fts5SearchIndex({ file: join(dir, 'search.sqlite') });
  });
  afterEach(async () => {
    await index?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    index = undefined;
    dir = undefined;
  });

  return () => {
    if (!index) throw new Error('The temporary search index exists only inside a test (useTemporarySearchIndex at describe level).');
    return index;
  };
}

/** The first page, newest first, of the posts of every kind, category and tag matching `text`, as an admin sees them. */
export function searchQuery(text: string, overrides: Partial<SearchQuery> = {}): SearchQuery {
  return {
    text,
    visibility: 'admin',
    categoryId: -1,
    entityType: 100,
    tagIds: [],
    orderByAsc: false,
    lastFetchedArticleId: Number.MAX_SAFE_INTEGER,
    lastFetchedQuestionId: Number.MAX_SAFE_INTEGER,
    pageSize: 20,
    ...overrides,
  };
}
