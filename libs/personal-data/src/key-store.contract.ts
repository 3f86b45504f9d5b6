import type { ErasureLedger } from './erasure-ledger';
import { KeyShreddedError, PERSONAL_DATA_KEY_BYTES, type KeyStore } from './key-store.port';

/** One backing store (a file, a database) that several clients can open, as the site and the CLI do, and the erasure ledger they open it with. */
export interface KeyStoreBacking {
  open(): Promise<KeyStore>;
  ledger: ErasureLedger;
  dispose(): Promise<void>;
}

/** The KeyStore contract, run against every adapter: `createBacking` gives a fresh, empty store per test. */
export function describeKeyStoreContract(adapter: string, createBacking: () => Promise<KeyStoreBacking>): void {
  describe(`KeyStore contract: ${adapter}`, () => {
    let backing: KeyStoreBacking;
    let opened: KeyStore[];
    let store: KeyStore;

    const openAnother = async () => {
      const another = await backing.open();
      opened.push(another);
      return another;
    };

    beforeEach(async () => {
      backing = await createBacking();
      opened = [];
      store = await openAnother();
    });

    afterEach(async () => {
      for (const client of opened) await client.close();
      await backing.dispose();
    });

    it('creates a 32-byte key once and returns the same key afterwards', async () => {
      const key = await store.getOrCreateKey('ada');
      expect(key).toBeInstanceOf(Buffer);
      expect(key).toHaveLength(PERSONAL_DATA_KEY_BYTES);
      expect(await store.getOrCreateKey('ada')).toEqual(key);
      expect(await store.getKey('ada')).toEqual(key);
    });

    it('answers null for a user without a key', async () => {
      expect(await store.getKey('nobody')).toBeNull();
    });

    it('gives every user a different key', async () => {
      const ada = await store.getOrCreateKey('ada');
      const bob = await store.getOrCreateKey('bob');
      expect(ada.equals(bob)).toBe(false);
    });

    it('agrees on one key when clients race to create it', async () => {
      const other = await openAnother();
      const keys = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? store : other).getOrCreateKey('ada')));
      for (const key of keys) expect(key).toEqual(keys[0]);
      expect(await other.getKey('ada')).toEqual(keys[0]);
    });

    it('keeps keys across clients and reopening', async () => {
      const key = await store.getOrCreateKey('ada');
      await store.close();
      opened = opened.filter((client) => client !== store);
      const reopened = await openAnother();
      expect(await reopened.getKey('ada')).toEqual(key);
    });

    it('shreds a key for good: getKey answers null and no new key is created', async () => {
      await store.getOrCreateKey('ada');
      await store.deleteKey('ada');
      expect(await store.getKey('ada')).toBeNull();
      await expect(store.getOrCreateKey('ada')).rejects.toBeInstanceOf(KeyShreddedError);
      const other = await openAnother();
      expect(await other.getKey('ada')).toBeNull();
    });

    it('shreds a user who never had a key, and leaves other users alone', async () => {
      const bob = await store.getOrCreateKey('bob');
      await store.deleteKey('ada');
      await store.deleteKey('ada');
      await expect(store.getOrCreateKey('ada')).rejects.toBeInstanceOf(KeyShreddedError);
      expect(await store.getKey('bob')).toEqual(bob);
    });

    it('records every erasure in the ledger, by account id only', async () => {
      await store.getOrCreateKey('ada');
      await store.deleteKey('ada');
      expect(backing.ledger.entries()).toEqual([{ accountId: 'ada', erasedAt: expect.any(String) }]);
    });

    it('shreds on open every id the ledger lists, though the store still holds its key (a restored older copy)', async () => {
      await store.getOrCreateKey('ada');
      const bob = await store.getOrCreateKey('bob');
      backing.ledger.record('ada');
      const reopened = await openAnother();
      expect(await reopened.getKey('ada')).toBeNull();
      await expect(reopened.getOrCreateKey('ada')).rejects.toBeInstanceOf(KeyShreddedError);
      expect(await store.getKey('ada')).toBeNull();
      expect(await reopened.getKey('bob')).toEqual(bob);
    });

    it('never mints a key for an id the ledger lists, though the store never knew it (a copy older than the account)', async () => {
      backing.ledger.record('ada');
      const reopened = await openAnother();
      await expect(reopened.getOrCreateKey('ada')).rejects.toBeInstanceOf(KeyShreddedError);
      await expect(store.getOrCreateKey('ada')).rejects.toBeInstanceOf(KeyShreddedError);
      expect(await reopened.getKey('ada')).toBeNull();
    });
  });
}
