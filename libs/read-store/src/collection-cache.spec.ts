import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CollectionCache } from './collection-cache';
import type { ReadDocument } from './read-store.port';
import { SqliteReadStore } from './sqlite/sqlite-read-store';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('CollectionCache', () => {
  let dir: string;
  let store: SqliteReadStore;
  let gets: string[];

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'collection-cache-'));
    store = new SqliteReadStore({ file: join(dir, 'read.sqlite') });
    gets = [];
    const get = store.get.bind(store);
    jest.spyOn(store, 'get').mockImplementation(async (collection, id) => {
      gets.push(id);
      return get(collection, id);
    });
  });

  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const write = (collection: string, document: ReadDocument) => store.transaction((tx) => tx.upsert(collection, document));

  it('reads a document once, an absent one too, while its collection does not change', async () => {
    await write('accounts', { id: 'ada', name: 'Ada' });
    const accounts = new CollectionCache(store, 'accounts');
    expect(await accounts.get('ada')).toEqual({ id: 'ada', name: 'Ada' });
    expect(await accounts.get('nobody')).toBeNull();
    await write('likes', { id: 'ada-likes-7' });
    await nextTurn();

    expect(await accounts.get('ada')).toEqual({ id: 'ada', name: 'Ada' });
    expect(await accounts.get('nobody')).toBeNull();
    expect(gets).toEqual(['ada', 'nobody']);
  });

  it('reads again after any write to the collection, by this store or another process', async () => {
    await write('accounts', { id: 'ada', name: 'Ada' });
    const accounts = new CollectionCache(store, 'accounts');
    await accounts.get('ada');
    await accounts.get('nobody');

    const other = new SqliteReadStore({ file: join(dir, 'read.sqlite') });
    await other.transaction((tx) => tx.upsert('accounts', { id: 'nobody', name: 'Now somebody' }));
    await other.close();
    await nextTurn();

    expect(await accounts.get('nobody')).toEqual({ id: 'nobody', name: 'Now somebody' });
    await write('accounts', { id: 'ada', name: 'Ada L.' });
    await nextTurn();
    expect(await accounts.get('ada')).toEqual({ id: 'ada', name: 'Ada L.' });
  });

  it('hands out frozen documents: one caller cannot change what the next one reads', async () => {
    await write('accounts', { id: 'ada', name: 'Ada' });
    const accounts = new CollectionCache(store, 'accounts');
    const ada = (await accounts.get('ada')) as unknown as { name: string };
    expect(() => {
      ada.name = 'Mallory';
    }).toThrow(TypeError);
    expect(await accounts.get('ada')).toEqual({ id: 'ada', name: 'Ada' });
  });

  it('does not keep a document read at an older version than another lookup has seen meanwhile', async () => {
    await write('accounts', { id: 'ada', name: 'Ada' });
    const accounts = new CollectionCache(store, 'accounts');
    let release!: () => void;
    const get = store.get.bind(store);
    jest.spyOn(store, 'get').mockImplementationOnce(async (collection, id) => {
      const read = await get(collection, id);
      await new Promise<void>((resolve) => (release = resolve));
      return read;
    });
    const slow = accounts.get('ada');
    await nextTurn();
    await write('accounts', { id: 'ada', name: 'Ada L.' });
    await nextTurn();
    expect(await accounts.get('ada')).toEqual({ id: 'ada', name: 'Ada L.' });
    release();
    expect(await slow).toEqual({ id: 'ada', name: 'Ada' });

    expect(await accounts.get('ada')).toEqual({ id: 'ada', name: 'Ada L.' });
  });

  it('keeps at most its bound, dropping the oldest entry', async () => {
    const accounts = new CollectionCache(store, 'accounts', 2);
    await accounts.get('a');
    await accounts.get('b');
    await accounts.get('c');
    await accounts.get('c');
    await accounts.get('a');
    expect(gets).toEqual(['a', 'b', 'c', 'a']);
  });
});
