import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSearchIndex } from '../create-search-index';
import { describeSearchIndexContract } from '../search-index.contract';
import type { SearchDocument } from '../search-index.port';
import { Fts5SearchIndex } from './fts5-search-index';

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
    expect(ids(await reopened.search(searchAll('truth')))).toEqual([1]);
    await reopened.close();
  });

  it('sees what another process committed to the same file', async () => {
    const file = join(dir, 'search.sqlite');
    const api = new Fts5SearchIndex({ file });
    const projector = new Fts5SearchIndex({ file });
    await projector.applyBatch('live', { from: null, to: 1n }, (batch) => batch.upsert(article));
    expect(ids(await api.search(searchAll('event')))).toEqual([1]);
    await projector.resetShadow();
    await projector.applyBatch('shadow', { from: null, to: 2n }, (batch) => batch.upsert({ ...article, title: 'Rebuilt' }));
    await projector.promoteShadow();
    expect(ids(await api.search(searchAll('rebuilt')))).toEqual([1]);
    expect(await api.getCheckpoint()).toBe(2n);
    await api.close();
    await projector.close();
  });

  it('answers a text query from the FTS5 index and the keyset from the primary key', async () => {
    const file = join(dir, 'search.sqlite');
    const index = new Fts5SearchIndex({ file });
    await index.close();
    const db = new Database(file, { readonly: true });
    const plan = (
      db
        .prepare(
          `EXPLAIN QUERY PLAN SELECT p.body FROM posts_a p WHERE ((p.entity_type = 1 AND p.id < 9) OR (p.entity_type = 2 AND p.id < 9))
           AND p.id IN (SELECT rowid FROM fts_a WHERE fts_a MATCH '"event"*') ORDER BY p.id DESC LIMIT 20`,
        )
        .all() as Array<{ detail: string }>
    )
      .map((row) => row.detail)
      .join('\n');
    db.close();
    expect(plan).toMatch(/VIRTUAL TABLE INDEX/);
    expect(plan).not.toMatch(/SCAN p\b(?! USING)/);
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

  it('refuses to be used once closed', async () => {
    const index = new Fts5SearchIndex({ file: join(dir, 'search.sqlite') });
    await index.close();
    await expect(index.search(searchAll(''))).rejects.toThrow(/closed/);
  });
});

function searchAll(text: string) {
  return {
    text,
    visibility: 'admin' as const,
    categoryId: -1,
    entityType: 100 as const,
    tagIds: [],
    orderByAsc: false,
    lastFetchedArticleId: Number.MAX_SAFE_INTEGER,
    lastFetchedQuestionId: Number.MAX_SAFE_INTEGER,
    pageSize: 20,
  };
}

function ids(documents: readonly SearchDocument[]): number[] {
  return documents.map((document) => document.id);
}
