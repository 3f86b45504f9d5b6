import { randomBytes } from 'node:crypto';
import { Binary, MongoClient, MongoServerError, type Collection } from 'mongodb';
import type { ErasureLedger } from './erasure-ledger';
import { KeyShreddedError, PERSONAL_DATA_KEY_BYTES, type KeyStore } from './key-store.port';

interface KeyDocument {
  _id: string;
  key: Binary | null;
  createdAt: Date;
  shreddedAt?: Date;
}

const DUPLICATE_KEY = 11000;

/**
 * Keys in the `personal_data_keys` collection, one document per account id (`_id`). The erasure
 * ledger is a file of the site's DATA_DIR, outside MongoDB: a `mongorestore` of an older dump
 * cannot roll it back, and every connect shreds what it lists.
 */
export class MongoKeyStore implements KeyStore {
  private constructor(
    private readonly keys: Collection<KeyDocument>,
    private readonly ledger: ErasureLedger,
    private readonly onClose: () => Promise<void>,
  ) {}

  /** Uses the database named in the URL unless `dbName` is given. */
  static async connect(url: string, options: { ledger: ErasureLedger; dbName?: string }): Promise<MongoKeyStore> {
    const client = await MongoClient.connect(url);
    const keys = client.db(options.dbName).collection<KeyDocument>('personal_data_keys');
    const store = new MongoKeyStore(keys, options.ledger, () => client.close());
    try {
      await store.applyLedger();
    } catch (error) {
      await client.close();
      throw error;
    }
    return store;
  }

  async getOrCreateKey(accountId: string): Promise<Buffer> {
    const candidate = new Binary(randomBytes(PERSONAL_DATA_KEY_BYTES));
    let document: KeyDocument | null;
    try {
      document = await this.keys.findOneAndUpdate(
        { _id: accountId },
        { $setOnInsert: { key: candidate, createdAt: new Date() } },
        { upsert: true, returnDocument: 'after' },
      );
    } catch (error) {
      // Two concurrent upserts of one _id: the loser gets a duplicate-key error; the winner's key stands.
      if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
      document = await this.keys.findOne({ _id: accountId });
    }
    if (!document?.key) throw new KeyShreddedError(accountId);
    return Buffer.from(document.key.value());
  }

  async getKey(accountId: string): Promise<Buffer | null> {
    const document = await this.keys.findOne({ _id: accountId });
    return document?.key ? Buffer.from(document.key.value()) : null;
  }

  async deleteKey(accountId: string): Promise<void> {
    this.ledger.record(accountId);
    await this.shred(accountId, new Date());
  }

  /** A tombstone: the document stays with no key, so get-or-create never mints a fresh key for an erased subject. */
  private async shred(accountId: string, now: Date): Promise<void> {
    await this.keys.updateOne(
      { _id: accountId },
      { $set: { key: null, shreddedAt: now }, $setOnInsert: { createdAt: now } },
      { upsert: true },
    );
  }

  /** Tombstones every id of the ledger that a restored dump may still hold a key for (or no document at all). */
  private async applyLedger(): Promise<void> {
    const erased = this.ledger.accountIds();
    if (erased.size === 0) return;
    const tombstoned = await this.keys.find({ _id: { $in: [...erased] }, key: null }, { projection: { _id: 1 } }).toArray();
    for (const { _id } of tombstoned) erased.delete(_id);
    const now = new Date();
    for (const accountId of erased) await this.shred(accountId, now);
  }

  async close(): Promise<void> {
    await this.onClose();
  }
}
