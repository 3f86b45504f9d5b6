import { randomBytes } from 'node:crypto';
import { Binary, MongoClient, MongoServerError, type Collection } from 'mongodb';
import { KeyShreddedError, PERSONAL_DATA_KEY_BYTES, type KeyStore } from './key-store.port';

interface KeyDocument {
  _id: string;
  key: Binary | null;
  createdAt: Date;
  shreddedAt?: Date;
}

const DUPLICATE_KEY = 11000;

/** Keys in the `personal_data_keys` collection, one document per account id (`_id`). */
export class MongoKeyStore implements KeyStore {
  constructor(
    private readonly keys: Collection<KeyDocument>,
    private readonly onClose: () => Promise<void> = async () => {},
  ) {}

  /** Uses the database named in the URL unless `dbName` is given. */
  static async connect(url: string, options: { dbName?: string } = {}): Promise<MongoKeyStore> {
    const client = await MongoClient.connect(url);
    const keys = client.db(options.dbName).collection<KeyDocument>('personal_data_keys');
    return new MongoKeyStore(keys, () => client.close());
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
    const now = new Date();
    await this.keys.updateOne(
      { _id: accountId },
      { $set: { key: null, shreddedAt: now }, $setOnInsert: { createdAt: now } },
      { upsert: true },
    );
  }

  async close(): Promise<void> {
    await this.onClose();
  }
}
