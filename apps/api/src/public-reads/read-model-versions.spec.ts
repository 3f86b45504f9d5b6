import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteReadStore } from '@app/read-store';
import type { SearchIndex } from '@app/search-index';
import { ReadModelVersions } from './read-model-versions';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('ReadModelVersions', () => {
  let dir: string;
  let store: SqliteReadStore;
  let checkpoint: bigint | null;
  const search = { getCheckpoint: async () => checkpoint } as unknown as SearchIndex;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'versions-'));
    store = new SqliteReadStore({ file: join(dir, 'read.sqlite') });
    checkpoint = 1n;
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('moves for a write to the document or collection read, not for one to another document or collection', async () => {
    const versions = new ReadModelVersions(store, search);
    const postA = [{ collection: 'posts', id: 'a' }, { collection: 'accounts' }];
    const postB = [{ collection: 'posts', id: 'b' }, { collection: 'accounts' }];
    const before = { a: await versions.of(postA), b: await versions.of(postB) };

    await store.transaction(async (tx) => {
      await tx.upsert('posts', { id: 'a', likes: 1 });
      await tx.upsert('likes', { id: 'like-a-1' });
      await tx.setCheckpoint('post-view', 5n);
    });
    await nextTurn();
    expect(await versions.of(postA)).not.toBe(before.a);
    expect(await versions.of(postB)).toBe(before.b);

    await store.transaction((tx) => tx.upsert('accounts', { id: 'u1' }));
    await nextTurn();
    expect(await versions.of(postB)).not.toBe(before.b);
  });

  it('moves with the search index checkpoint when the read uses it', async () => {
    const versions = new ReadModelVersions(store, search);
    const scopes = [{ collection: 'accounts' }];
    const before = await versions.of(scopes, { searchIndex: true });
    checkpoint = 2n;
    await nextTurn();
    expect(await versions.of(scopes)).toBe(await versions.of(scopes));
    expect(await versions.of(scopes, { searchIndex: true })).not.toBe(before);
  });
});
