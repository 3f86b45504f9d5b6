import { randomUUID } from 'node:crypto';
import { Meilisearch } from 'meilisearch';
import { createSearchIndex } from '../create-search-index';
import { describeSearchIndexContract } from '../search-index.contract';
import { MeilisearchSearchIndex, meilisearchFilter, meilisearchSort } from './meilisearch-search-index';

const meilisearchUrl = process.env.MEILISEARCH_URL;
const meilisearchKey = process.env.MEILISEARCH_KEY;

/** Every index the contract creates starts with this, so the spec removes exactly those from a shared server. */
const CONTRACT_PREFIX = `contract_${randomUUID().slice(0, 8)}`;

if (meilisearchUrl) {
  let counter = 0;
  describeSearchIndexContract(
    'Meilisearch',
    () => new MeilisearchSearchIndex({ url: meilisearchUrl, apiKey: meilisearchKey, indexPrefix: `${CONTRACT_PREFIX}_${(counter += 1)}` }),
  );

  afterAll(async () => {
    const client = new Meilisearch({ host: meilisearchUrl, apiKey: meilisearchKey });
    const { results } = await client.getIndexes({ limit: 1000 });
    for (const { uid } of results.filter((index) => index.uid.startsWith(CONTRACT_PREFIX))) {
      await client.deleteIndex(uid).waitTask();
    }
  }, 60_000);
} else {
  it.todo('runs against Meilisearch when MEILISEARCH_URL is set');
}

describe('Meilisearch adapter without a server', () => {
  /** An admin's query of every kind, past article 900 and question 800 (the text is not part of the filter). */
  const base = {
    text: '',
    visibility: 'admin' as const,
    categoryId: -1,
    entityType: 100 as const,
    tagIds: [],
    orderByAsc: false,
    lastFetchedArticleId: 900,
    lastFetchedQuestionId: 800,
    pageSize: 20,
  };

  it('is what createSearchIndex opens with a Meilisearch URL', () => {
    expect(createSearchIndex({ dataDir: '/nonexistent', meilisearchUrl: 'http://localhost:7700', meilisearchKey: 'key' })).toBeInstanceOf(
      MeilisearchSearchIndex,
    );
  });

  it('translates a query into one filter: kind, visibility, filters and the keyset of SPEC §4', () => {
    expect(meilisearchFilter({ ...base, visibility: 'public' })).toBe(
      'kind = "post" AND isPublished = true AND isApproved = true AND id < 800',
    );
    expect(
      meilisearchFilter({
        ...base,
        visibility: { ownerAccountId: 'o"brien\\' },
        categoryId: 3,
        entityType: 2,
        tagIds: [4, 5],
        authorAccountId: 'acc-ada',
        orderByAsc: true,
      }),
    ).toBe(
      'kind = "post" AND authorAccountId = "o\\"brien\\\\" AND categoryId = 3 AND authorAccountId = "acc-ada" AND tagIds IN [4, 5] AND entityType = 2 AND id > 800',
    );
    expect(meilisearchFilter({ ...base, visibility: 'admin', entityType: 1 })).toBe('kind = "post" AND entityType = 1 AND id < 900');
    expect(meilisearchFilter({ ...base, visibility: { ownerAccountId: 'acc-1' } })).toContain('authorAccountId = "acc-1"');
  });

  it('translates the sorts and status of issue 27: a compound keyset, a missing trend field counting as 0', () => {
    expect(meilisearchFilter({ ...base, status: 'unanswered', sort: 'top' })).toBe(
      'kind = "post" AND entityType = 2 AND isAnswered = false',
    );
    expect(meilisearchFilter({ ...base, status: 'solved', sort: 'top', lastFetchedScore: { score: 3, id: 70 } })).toBe(
      'kind = "post" AND entityType = 2 AND isSolved = true AND (likes < 3 OR (likes = 3 AND id < 70))',
    );
    expect(meilisearchFilter({ ...base, sort: 'trending', today: 20_000, lastFetchedScore: { score: 2, id: 70 } })).toBe(
      'kind = "post" AND (trend.d20000 NOT EXISTS OR trend.d20000 < 2 OR (trend.d20000 = 2 AND id < 70))',
    );
    expect(meilisearchFilter({ ...base, sort: 'trending', today: 20_000, lastFetchedScore: { score: 0, id: 70 } })).toBe(
      'kind = "post" AND (trend.d20000 NOT EXISTS AND id < 70)',
    );
    expect(meilisearchSort({ ...base, sort: 'top' })).toEqual(['likes:desc', 'id:desc']);
    expect(meilisearchSort({ ...base, sort: 'trending', today: 20_000 })).toEqual(['trend.d20000:desc', 'id:desc']);
    expect(meilisearchSort({ ...base, orderByAsc: true })).toEqual(['id:asc']);
  });
});
