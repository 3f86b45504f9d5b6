import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SHADOW_SUFFIX } from '../collection-name';
import { WriteConflict, type PipelinedWrites } from '../read-store.port';
import { SqliteReadStore } from './sqlite-read-store';

const SHADOW = `inbox${SHADOW_SUFFIX}`;

describe('SqliteReadStore.pipelinedWrites', () => {
  let dir: string;
  let store: SqliteReadStore;
  let pipeline: PipelinedWrites;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'read-store-pipelined-'));
    store = new SqliteReadStore({ file: join(dir, 'read.sqlite') });
    pipeline = store.pipelinedWrites();
  });
  afterEach(async () => {
    await pipeline.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('commits the transactions in order; later ones read what earlier ones handed over', async () => {
    for (let turn = 1; turn <= 5; turn += 1) {
      await pipeline.transaction(async (tx) => {
        const previous = await tx.get<{ id: string; turn: number }>(SHADOW, 'row');
        expect(previous?.turn ?? 0).toBe(turn - 1);
        expect(await tx.getCheckpoint('inbox-rebuild')).toBe(turn === 1 ? null : BigInt(turn - 1));
        await tx.upsert(SHADOW, { id: 'row', turn });
        await tx.upsert(SHADOW, { id: `row-${turn}`, turn });
        if (turn === 3) await tx.delete(SHADOW, 'row-2');
        await tx.setCheckpoint('inbox-rebuild', BigInt(turn));
      });
      expect(await pipeline.getCheckpoint('inbox-rebuild')).toBe(BigInt(turn));
    }
    await pipeline.drain();
    expect(await store.getCheckpoint('inbox-rebuild')).toBe(5n);
    expect(await store.get(SHADOW, 'row')).toEqual({ id: 'row', turn: 5 });
    expect((await store.find(SHADOW, {}, { sort: [['id', 1]] })).map((row) => row.id)).toEqual(['row', 'row-1', 'row-3', 'row-4', 'row-5']);
  });

  it('searches a collection with writes not yet committed inside the transaction, on the writer thread', async () => {
    await pipeline.transaction((tx) => tx.upsert(SHADOW, { id: 'a', recipient: 'ann' }));
    const found = await pipeline.transaction(async (tx) => {
      await tx.upsert(SHADOW, { id: 'b', recipient: 'ann' });
      await tx.upsert(SHADOW, { id: 'c', recipient: 'bob' });
      return tx.find(SHADOW, { recipient: 'ann' }, { sort: [['id', 1]] });
    });
    expect(found.map((row) => row.id)).toEqual(['a', 'b']);
    await pipeline.drain();
    expect(await store.count(SHADOW)).toBe(3);
  });

  it('writes nothing of a transaction whose work throws, even after it searched on the thread', async () => {
    await expect(
      pipeline.transaction(async (tx) => {
        await tx.upsert(SHADOW, { id: 'a' });
        await tx.find(SHADOW, {});
        throw new Error('fold failed');
      }),
    ).rejects.toThrow('fold failed');
    await pipeline.transaction((tx) => tx.upsert(SHADOW, { id: 'b' }));
    await pipeline.drain();
    expect((await store.find(SHADOW, {})).map((row) => row.id)).toEqual(['b']);
  });

  it('keeps the change versions moving with its writes, per document where the collection keeps them', async () => {
    const [shadowBefore, leaseBefore] = await store.changeVersions([{ collection: SHADOW }, { collection: 'leases', id: 'inbox' }]);
    await pipeline.transaction(async (tx) => {
      await tx.upsert(SHADOW, { id: 'a' });
      await tx.upsert('leases', { id: 'inbox', owner: 'me' });
    });
    await pipeline.drain();
    const [shadowAfter, leaseAfter] = await store.changeVersions([{ collection: SHADOW }, { collection: 'leases', id: 'inbox' }]);
    expect(shadowAfter).not.toBe(shadowBefore);
    expect(leaseAfter).not.toBe(leaseBefore);
  });

  it('fails a transaction whose read of a lease or checkpoint changed before its commit, and every one after it', async () => {
    await store.transaction((tx) => tx.upsert('leases', { id: 'inbox', owner: 'me' }));
    // The thread waits for this store's write lock, held until the other owner's write is in.
    let takeOver!: () => void;
    const held = store.transaction(async (tx) => {
      await new Promise<void>((resolve) => (takeOver = resolve));
      await tx.upsert('leases', { id: 'inbox', owner: 'other' });
    });
    await pipeline.transaction(async (tx) => {
      expect(await tx.get('leases', 'inbox')).toEqual({ id: 'inbox', owner: 'me' });
      await tx.upsert(SHADOW, { id: 'a' });
    });
    await pipeline.transaction(async (tx) => {
      await tx.upsert(SHADOW, { id: 'b' });
    });
    takeOver();
    await held;
    await expect(pipeline.drain()).rejects.toBeInstanceOf(WriteConflict);
    await expect(pipeline.transaction(async () => undefined)).rejects.toBeInstanceOf(WriteConflict);
    expect(await store.count(SHADOW)).toBe(0);
    expect(await store.get('leases', 'inbox')).toEqual({ id: 'inbox', owner: 'other' });
  });

  it('refuses to drop or rename collections', async () => {
    await expect(pipeline.transaction((tx) => tx.dropCollection(SHADOW))).rejects.toThrow('cannot drop');
    await expect(pipeline.transaction((tx) => tx.renameCollection(SHADOW, 'inbox'))).rejects.toThrow('cannot rename');
  });
});
