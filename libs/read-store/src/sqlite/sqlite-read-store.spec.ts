import Database from 'better-sqlite3';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createReadStore } from '../create-read-store';
import { describeReadStoreContract } from '../read-store.contract';
import { SqliteReadStore } from './sqlite-read-store';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'read-store-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describeReadStoreContract('SQLite', async () => new SqliteReadStore({ file: join(tempDir(), 'read.sqlite') }));

describe('SqliteReadStore', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = tempDir();
    file = join(dir, 'read.sqlite');
  });

  const queryPlan = (sql: string, ...params: unknown[]) => {
    const db = new Database(file, { readonly: true });
    try {
      return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((row) => row.detail).join('\n');
    } finally {
      db.close();
    }
  };

  it('is what createReadStore opens without a MongoDB URL, at <dataDir>/read.sqlite', async () => {
    const store = await createReadStore({ dataDir: dir });
    expect(store).toBeInstanceOf(SqliteReadStore);
    await store.transaction((tx) => tx.upsert('posts', { id: 'p1' }));
    await store.close();
    const reopened = new SqliteReadStore({ file });
    expect(await reopened.get('posts', 'p1')).toEqual({ id: 'p1' });
    await reopened.close();
  });

  it('checkpoints its WAL less often while bulk writes run (overlapping calls too), and as before once the last ends', async () => {
    const store = new SqliteReadStore({ file });
    const autocheckpoint = () =>
      (store as unknown as { writer: Database.Database }).writer.pragma('wal_autocheckpoint', { simple: true }) as number;
    expect(autocheckpoint()).toBe(1000);
    let releaseFirst!: () => void;
    const released = new Promise<void>((resolve) => (releaseFirst = resolve));
    const first = store.duringBulkWrites(async () => {
      await store.transaction((tx) => tx.upsert('posts__rebuild', { id: 'a' }));
      await released;
      return 'first';
    });
    const second = await store.duringBulkWrites(async () => {
      expect(autocheckpoint()).toBeGreaterThan(1000);
      return 'second';
    });
    expect(autocheckpoint()).toBeGreaterThan(1000);
    releaseFirst();
    expect([await first, second]).toEqual(['first', 'second']);
    expect(autocheckpoint()).toBe(1000);
    await expect(store.duringBulkWrites(() => Promise.reject(new Error('failed')))).rejects.toThrow('failed');
    expect(autocheckpoint()).toBe(1000);
    expect(await store.get('posts__rebuild', 'a')).toEqual({ id: 'a' });
    await store.close();
  });

  it('sees what another connection to the same file committed (another process)', async () => {
    const api = new SqliteReadStore({ file });
    const worker = new SqliteReadStore({ file });
    await worker.transaction(async (tx) => {
      await tx.upsert('posts', { id: 'p1', title: 'x' });
      await tx.setCheckpoint('home', 7n);
    });
    expect(await api.get('posts', 'p1')).toEqual({ id: 'p1', title: 'x' });
    expect(await api.getCheckpoint('home')).toBe(7n);
    await api.close();
    await worker.close();
  });

  it('waits for another store holding the write lock without freezing it (two stores, one process)', async () => {
    const first = new SqliteReadStore({ file, busyTimeoutMs: 2_000 });
    const second = new SqliteReadStore({ file, busyTimeoutMs: 2_000 });
    const increment = (store: SqliteReadStore) =>
      store.transaction(async (tx) => {
        const counter = await tx.get<{ id: string; value: number }>('counters', 'c');
        await new Promise((resolve) => setTimeout(resolve, 30));
        await tx.upsert('counters', { id: 'c', value: (counter?.value ?? 0) + 1 });
      });
    const started = Date.now();
    await Promise.all([increment(first), increment(second), increment(first), increment(second)]);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(await first.get('counters', 'c')).toEqual({ id: 'c', value: 4 });
    await first.close();
    await second.close();
  });

  it('answers filtered and sorted queries from the expression indexes', async () => {
    const store = new SqliteReadStore({ file });
    await store.ensureIndexes('posts', [['visibility', 'createdAt'], ['author.id']]);
    await store.transaction(async (tx) => {
      for (let index = 0; index < 50; index += 1) {
        await tx.upsert('posts', { id: `p${index}`, visibility: 'public', createdAt: index, author: { id: `a${index % 5}` } });
      }
    });
    const byVisibility = queryPlan(
      `SELECT body FROM "doc_posts" WHERE (json_extract(body, '$."visibility"') = ? AND json_type(body, '$."visibility"') = 'text') ORDER BY json_extract(body, '$."createdAt"') DESC`,
      'public',
    );
    expect(byVisibility).toMatch(/USING INDEX "?ix:visibility,createdAt/);
    expect(byVisibility).not.toMatch(/TEMP B-TREE/);
    expect(
      queryPlan(
        `SELECT body FROM "doc_posts" WHERE (json_extract(body, '$."author"."id"') = ? AND json_type(body, '$."author"."id"') = 'text')`,
        'a1',
      ),
    ).toMatch(/USING INDEX "?ix:author\.id/);
    expect(ids(await store.find('posts', { visibility: 'public' }, { sort: [['createdAt', -1]], limit: 3 }))).toEqual([
      'p49',
      'p48',
      'p47',
    ]);
    await store.close();
  });

  it('keeps the indexes of a renamed collection and does not duplicate them', async () => {
    const store = new SqliteReadStore({ file });
    await store.ensureIndexes('posts__rebuild', [['createdAt']]);
    await store.transaction((tx) => tx.upsert('posts__rebuild', { id: 'p1', createdAt: 1 }));
    await store.transaction((tx) => tx.renameCollection('posts__rebuild', 'posts'));
    await store.ensureIndexes('posts', [['createdAt']]);
    await store.close();

    const db = new Database(file, { readonly: true });
    const indexes = db.prepare(`SELECT name, tbl_name FROM sqlite_master WHERE type = 'index' AND name LIKE 'ix:%'`).all();
    db.close();
    expect(indexes).toEqual([{ name: expect.stringMatching(/^ix:createdAt:/), tbl_name: 'doc_posts' }]);
  });

  it('refuses to be used once closed', async () => {
    const store = new SqliteReadStore({ file });
    await store.close();
    await expect(store.get('posts', 'p1')).rejects.toThrow(/closed/);
    await expect(store.transaction(async () => undefined)).rejects.toThrow(/closed/);
  });

  it('leaves no byte of a deleted document in its files after purgeDeleted (an erasure), its WAL included', async () => {
    const secret = 'erased-ada@example.com';
    const store = new SqliteReadStore({ file });
    await store.transaction(async (tx) => {
      await tx.upsert('profiles', { id: 'ada', email: secret });
      await tx.upsert('profiles', { id: 'bob', email: 'kept-bob@example.com' });
    });
    await store.transaction((tx) => tx.upsert('accounts', { id: 'ada', name: secret }));
    await store.transaction(async (tx) => {
      await tx.delete('profiles', 'ada');
      await tx.upsert('accounts', { id: 'ada', name: 'Deleted user' });
    });
    const bytes = () => Buffer.concat(readdirSync(dir).map((name) => readFileSync(join(dir, name)))).toString('latin1');
    expect(bytes()).toContain(secret); // old WAL frames

    await store.purgeDeleted();

    expect(bytes()).not.toContain(secret);
    expect(bytes()).toContain('kept-bob@example.com');
    expect(await store.get('accounts', 'ada')).toEqual({ id: 'ada', name: 'Deleted user' });
    await store.close();
  });
});

function ids(documents: ReadonlyArray<{ id: string }>): string[] {
  return documents.map((document) => document.id);
}
