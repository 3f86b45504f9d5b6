import type { ReadStoreTransaction } from './read-store.port';
import { WriteBehindTransaction, type PendingWrites } from './write-behind';

describe('WriteBehindTransaction', () => {
  const given = () => {
    const written: Array<{ collection: string; ids: string[] }> = [];
    const found: string[] = [];
    const inner = {
      find: async (collection: string) => {
        found.push(collection);
        return [];
      },
    } as unknown as ReadStoreTransaction;
    const tx = new WriteBehindTransaction({
      transaction: inner,
      writeAll: (collection: string, writes: PendingWrites) => void written.push({ collection, ids: [...writes.keys()] }),
    });
    return { tx, written, found };
  };

  it('writes only the collection a find reads before it: the others keep batching until the flush', async () => {
    const { tx, written, found } = given();
    await tx.upsert('inbox', { id: 'n1' });
    await tx.upsert('followers', { id: 'f1' });
    await tx.upsert('inbox', { id: 'n2' });

    await tx.find('followers', { target: 'user:a' });

    expect(found).toEqual(['followers']);
    expect(written).toEqual([{ collection: 'followers', ids: ['f1'] }]);
    await tx.find('followers');
    expect(written).toHaveLength(1);
    await tx.flush();
    expect(written).toEqual([
      { collection: 'followers', ids: ['f1'] },
      { collection: 'inbox', ids: ['n1', 'n2'] },
    ]);
  });

  it('still answers gets from what it has not written yet', async () => {
    const { tx, written } = given();
    await tx.upsert('inbox', { id: 'n1', read: false });
    await tx.find('followers');
    expect(await tx.get('inbox', 'n1')).toEqual({ id: 'n1', read: false });
    expect(written).toEqual([]);
  });
});
