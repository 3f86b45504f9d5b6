import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSearchIndex } from '../create-search-index';
import { describeSearchIndexContract } from '../search-index.contract';
import { SearchTookTooLongError, type SearchDocument, type SearchQuery } from '../search-index.port';
import { searchQuery } from '@app/testing';
import { searchWords } from '../search-terms';
import { Fts5SearchIndex, searchStatement, WITHIN_BUDGET } from './fts5-search-index';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'search-index-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describeSearchIndexContract('SQLite FTS5', () => new Fts5SearchIndex({ file: join(tempDir(), 'search.sqlite') }));

const article: SearchDocument = {
  id: 1,
  entityType: 1,
  title: 'Event sourcing',
  description: 'Projections',
  contentText: 'The log is the truth.',
  tags: [{ id: 7, subTag: 'architecture' }],
  categoryId: 3,
  authorAccountId: 'acc-ada',
  likes: 2,
  isApproved: true,
  isPublished: true,
  createdOn: '2026-01-01T00:00:00.000Z',
  updatedOn: null,
  position: '1',
};

describe('Fts5SearchIndex', () => {
  let dir: string;
  beforeEach(() => {
    dir = tempDir();
  });

  it('is what createSearchIndex opens without a Meilisearch URL, at <dataDir>/search.sqlite', async () => {
    const index = createSearchIndex({ dataDir: dir });
    expect(index).toBeInstanceOf(Fts5SearchIndex);
    await index.applyBatch('live', { from: null, to: 3n }, (batch) => batch.upsert(article));
    await index.close();
    const reopened = new Fts5SearchIndex({ file: join(dir, 'search.sqlite') });
    expect(await reopened.getCheckpoint()).toBe(3n);
    expect(ids(await reopened.search(searchQuery('truth')))).toEqual([1]);
    await reopened.close();
  });

  it('sees what another process committed to the same file', async () => {
    const file = join(dir, 'search.sqlite');
    const api = new Fts5SearchIndex({ file });
    const projector = new Fts5SearchIndex({ file });
    await projector.applyBatch('live', { from: null, to: 1n }, (batch) => batch.upsert(article));
    expect(ids(await api.search(searchQuery('event')))).toEqual([1]);
    await projector.resetShadow();
    await projector.applyBatch('shadow', { from: null, to: 2n }, (batch) => batch.upsert({ ...article, title: 'Rebuilt' }));
    await projector.promoteShadow();
    expect(ids(await api.search(searchQuery('rebuilt')))).toEqual([1]);
    expect(await api.getCheckpoint()).toBe(2n);
    await api.close();
    await projector.close();
  });

  it('walks the posts in id order and stops at the page: no sort of every match, with or without text', async () => {
    const file = join(dir, 'search.sqlite');
    await new Fts5SearchIndex({ file }).close();
    const db = new Database(file, { readonly: true });
    db.function(WITHIN_BUDGET, () => 1);
    const planOf = (query: SearchQuery) => {
      const { sql, params } = searchStatement('a', query);
      return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((row) => row.detail).join('\n');
    };
    const plans = [
      planOf({ ...searchQuery(''), visibility: 'public' }),
      planOf({ ...searchQuery(''), visibility: 'public', lastFetchedArticleId: 900, lastFetchedQuestionId: 800 }),
      planOf({ ...searchQuery(''), orderByAsc: true, lastFetchedArticleId: -1, lastFetchedQuestionId: 5 }),
      planOf(searchQuery('event sourc')),
      planOf({ ...searchQuery(''), categoryId: 3, entityType: 1, tagIds: [4] }),
    ];
    db.close();
    for (const plan of plans) {
      expect(plan).not.toMatch(/TEMP B-TREE/);
      expect(plan).not.toMatch(/SCAN p\b(?! USING)/);
    }
    expect(plans[3]).toMatch(/VIRTUAL TABLE INDEX/);
  });

  it("replaces a post's tags through an index, not a scan of every post's tags", async () => {
    const file = join(dir, 'search.sqlite');
    await new Fts5SearchIndex({ file }).close();
    const db = new Database(file, { readonly: true });
    const plan = (db.prepare('EXPLAIN QUERY PLAN DELETE FROM post_tags_a WHERE post_id = 1').all() as Array<{ detail: string }>)
      .map((row) => row.detail)
      .join('\n');
    db.close();
    expect(plan).toMatch(/USING (COVERING )?INDEX post_tags_a_post\b/);
  });

  it('empties a file of an older schema (it is a projection: it rebuilds from position 0)', async () => {
    const file = join(dir, 'search.sqlite');
    const old = new Database(file);
    old.exec(`CREATE TABLE search_checkpoints (slot TEXT PRIMARY KEY, position TEXT);
      INSERT INTO search_checkpoints VALUES ('a', '42');
      CREATE TABLE posts_a (id INTEGER PRIMARY KEY, author_uname TEXT NOT NULL, body TEXT NOT NULL);`);
    old.close();
    const index = new Fts5SearchIndex({ file });
    expect(await index.getCheckpoint()).toBeNull();
    expect(await index.applyBatch('live', { from: null, to: 1n }, (batch) => batch.upsert(article))).toBe(true);
    await index.close();
    const reopened = new Fts5SearchIndex({ file });
    expect(await reopened.get(1)).toEqual(article);
    await reopened.close();
  });

  it('stops a search with full text at its time budget, and answers the next one', async () => {
    const file = join(dir, 'search.sqlite');
    const spent = new Fts5SearchIndex({ file, searchBudgetMs: 0 });
    await spent.applyBatch('live', { from: null, to: 1n }, (batch) => batch.upsert(article));
    await expect(spent.search(searchQuery('event'))).rejects.toThrow(SearchTookTooLongError);
    expect(ids(await spent.search(searchQuery('')))).toEqual([1]);
    await spent.close();
    const index = new Fts5SearchIndex({ file });
    expect(ids(await index.search(searchQuery('event')))).toEqual([1]);
    await index.close();
  });

  it('matches each word once and at most 10 words, keeping the last one (the prefix) last', async () => {
    expect(searchWords('a b a c b c')).toEqual(['a', 'b', 'c']);
    expect(searchWords('event sourcing event')).toEqual(['sourcing', 'event']);
    const many = Array.from({ length: 50_000 }, (_, index) => `w${index}`.replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]));
    expect(searchWords(many.join(' '))).toEqual([...many.slice(0, 9), many.at(-1)]);
    const index = new Fts5SearchIndex({ file: join(dir, 'search.sqlite') });
    await index.applyBatch('live', { from: null, to: 1n }, (batch) => batch.upsert(article));
    expect(ids(await index.search(searchQuery(`${'truth '.repeat(5_000)}even`)))).toEqual([1]);
    await index.close();
  });

  it('refuses to be used once closed', async () => {
    const index = new Fts5SearchIndex({ file: join(dir, 'search.sqlite') });
    await index.close();
    await expect(index.search(searchQuery(''))).rejects.toThrow(/closed/);
  });
});

function ids(documents: readonly SearchDocument[]): number[] {
  return documents.map((document) => document.id);
}
