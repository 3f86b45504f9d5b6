import type { ReadDocument, ReadStoreTransaction } from '@app/read-store';
import { frozenJsonCopy, RebuildCache } from './rebuild-cache';

/** A transaction over a map that counts what reaches it. */
function storeTransaction(stored = new Map<string, ReadDocument>()) {
  const calls = { gets: 0, finds: 0, writes: [] as string[] };
  const tx = {
    get: async (collection: string, id: string) => {
      calls.gets += 1;
      return structuredClone(stored.get(`${collection}/${id}`) ?? null);
    },
    find: async (collection: string) => {
      calls.finds += 1;
      return [...stored].filter(([key]) => key.startsWith(`${collection}/`)).map(([, document]) => structuredClone(document));
    },
    upsert: async (collection: string, document: ReadDocument) => {
      calls.writes.push(`${collection}/${document.id}`);
      stored.set(`${collection}/${document.id}`, JSON.parse(JSON.stringify(document)) as ReadDocument);
    },
    delete: async (collection: string, id: string) => {
      calls.writes.push(`-${collection}/${id}`);
      stored.delete(`${collection}/${id}`);
    },
  } as unknown as ReadStoreTransaction;
  return { tx, calls, stored };
}

describe('RebuildCache', () => {
  it('reads in the next transaction what it wrote or read in the last, without the store', async () => {
    const { tx, calls } = storeTransaction(new Map([['notes/p1', { id: 'p1', title: 'stored' }]]));
    const cache = new RebuildCache();
    await cache.run(tx, null, 1n, async (cached) => {
      expect(await cached.get('notes', 'p1')).toEqual({ id: 'p1', title: 'stored' });
      await cached.upsert('inbox', { id: 'n1', count: 1 });
    });
    await cache.run(tx, 1n, 2n, async (cached) => {
      expect(await cached.get('notes', 'p1')).toEqual({ id: 'p1', title: 'stored' });
      expect(await cached.get('inbox', 'n1')).toEqual({ id: 'n1', count: 1 });
      expect(await cached.get('inbox', 'n2')).toBeNull();
      expect(await cached.get('inbox', 'n2')).toBeNull();
    });
    expect(calls.gets).toBe(2); // p1 and n2, once each
  });

  it('writes each changed document once per transaction, in key order, after the fold', async () => {
    const { tx, calls } = storeTransaction();
    const cache = new RebuildCache();
    await cache.run(tx, null, 1n, async (cached) => {
      await cached.upsert('inbox', { id: 'n2', count: 1 });
      await cached.upsert('inbox', { id: 'n1', count: 1 });
      await cached.upsert('inbox', { id: 'n2', count: 2 });
      await cached.upsert('inbox', { id: 'n3', count: 1 });
      await cached.delete('inbox', 'n3');
      expect(calls.writes).toEqual([]);
    });
    expect(calls.writes).toEqual(['inbox/n1', 'inbox/n2', '-inbox/n3']);
  });

  it('starts over when the checkpoint is not where its last transaction left it (a rollback, a park, another process)', async () => {
    const { tx, calls, stored } = storeTransaction();
    const cache = new RebuildCache();
    await cache.run(tx, null, 1n, (cached) => cached.upsert('inbox', { id: 'n1', count: 1 }));
    stored.set('inbox/n1', { id: 'n1', count: 7 });
    await cache.run(tx, 5n, 6n, async (cached) => expect(await cached.get('inbox', 'n1')).toEqual({ id: 'n1', count: 7 }));
    expect(calls.gets).toBe(1);
  });

  it('forgets everything when the fold throws: nothing it changed is written', async () => {
    const { tx, calls } = storeTransaction();
    const cache = new RebuildCache();
    const failing = cache.run(tx, null, 1n, async (cached) => {
      await cached.upsert('inbox', { id: 'n1', count: 1 });
      throw new Error('poison');
    });
    await expect(failing).rejects.toThrow('poison');
    expect(calls.writes).toEqual([]);
    await cache.run(tx, null, 1n, async (cached) => expect(await cached.get('inbox', 'n1')).toBeNull());
  });

  it('writes a collection before searching it, and answers the same search from memory until the collection is written', async () => {
    const { tx, calls } = storeTransaction();
    const cache = new RebuildCache();
    await cache.run(tx, null, 1n, async (cached) => {
      await cached.upsert('followers', { id: 'f1', target: 'user:a' });
      await cached.upsert('inbox', { id: 'n1' });
      expect(await cached.find('followers', { target: 'user:a' })).toEqual([{ id: 'f1', target: 'user:a' }]);
      expect(calls.writes).toEqual(['followers/f1']);
      expect(await cached.find('followers', { target: 'user:a' })).toHaveLength(1);
      expect(calls.finds).toBe(1);
      await cached.upsert('followers', { id: 'f2', target: 'user:a' });
      expect(await cached.find('followers', { target: 'user:a' })).toHaveLength(2);
      expect(calls.finds).toBe(2);
    });
    expect(cache.takeSearched()).toEqual(new Set(['followers']));
    expect(cache.takeSearched()).toEqual(new Set());
  });

  it('keeps what the fold reads through a turn of generations, and what it only wrote for one more', async () => {
    const { tx, calls } = storeTransaction(new Map([['notes/p1', { id: 'p1' }]]));
    const cache = new RebuildCache();
    const big = 'x'.repeat(5_000_000); // past a generation's bound: each run below turns one
    await cache.run(tx, null, 1n, async (cached) => {
      await cached.get('notes', 'p1');
      await cached.upsert('inbox', { id: 'n1', big });
      await cached.upsert('inbox', { id: 'gone' });
    });
    await cache.run(tx, 1n, 2n, async (cached) => {
      await cached.delete('inbox', 'gone');
      expect(await cached.get('notes', 'p1')).toEqual({ id: 'p1' });
      await cached.upsert('inbox', { id: 'n2', big });
    });
    await cache.run(tx, 2n, 3n, async (cached) => {
      expect(await cached.get('notes', 'p1')).toEqual({ id: 'p1' });
      expect(await cached.get('inbox', 'gone')).toBeNull();
      expect(calls.gets).toBe(1);
      expect(await cached.get('inbox', 'n1')).toEqual({ id: 'n1', big });
      expect(calls.gets).toBe(2);
    });
  });

  it('remembers searches through a turn of generations, until the collection is written', async () => {
    const { tx, calls } = storeTransaction(new Map([['followers/f1', { id: 'f1', target: 'user:a' }]]));
    const cache = new RebuildCache();
    const big = 'x'.repeat(5_000_000);
    await cache.run(tx, null, 1n, async (cached) => {
      await cached.find('followers', { target: 'user:a' });
      await cached.upsert('inbox', { id: 'n1', big });
    });
    await cache.run(tx, 1n, 2n, async (cached) => {
      expect(await cached.find('followers', { target: 'user:a' })).toHaveLength(1);
      expect(calls.finds).toBe(1);
      await cached.upsert('followers', { id: 'f2', target: 'user:a' });
      expect(await cached.find('followers', { target: 'user:a' })).toHaveLength(2);
      expect(calls.finds).toBe(2);
    });
  });

  it('hands out frozen documents: a fold changing one it read throws instead of changing the store behind its back', async () => {
    const { tx } = storeTransaction();
    const cache = new RebuildCache();
    await cache.run(tx, null, 1n, async (cached) => {
      await cached.upsert('inbox', { id: 'n1', actorIds: ['a'] });
      const row = (await cached.get<{ id: string; actorIds: string[] }>('inbox', 'n1'))!;
      expect(() => row.actorIds.push('b')).toThrow(TypeError);
    });
  });
});

describe('frozenJsonCopy', () => {
  it('gives what a JSON round trip gives', () => {
    const at = new Date('2026-11-27T00:00:00.000Z');
    const document = {
      id: 'n1',
      gone: undefined,
      nested: { list: [1, undefined, 'x', { deep: true }], nothing: null },
      notANumber: NaN,
      minusZero: -0,
      at,
      withToJson: { toJSON: () => 'as text' },
    };
    const copy = frozenJsonCopy(document);
    expect(copy).toStrictEqual(JSON.parse(JSON.stringify(document)));
    expect(Object.is((copy as { minusZero: number }).minusZero, 0)).toBe(true);
    expect(Object.isFrozen(copy)).toBe(true);
    expect(Object.isFrozen(copy.nested.list[3])).toBe(true);
  });
});
