import { ClientSession, Db, MongoClient, type TransactionOptions } from 'mongodb';
import { assertCollectionName, isCollectionName } from '../collection-name';
import { assertDocumentId, assertFieldPath, parseFilter, parseFindOptions } from '../filter';
import type { Filter, FindOptions, ReadDocument, ReadStore, ReadStoreTransaction } from '../read-store.port';
import { SerialLock } from '../serial-lock';
import { mongoFilter, mongoIndexKeys, mongoSort } from './mongodb-query';

/** Starts with `_`, which no collection name may: never listed, never clashes. */
const CHECKPOINTS = '_checkpoints';
const DEFAULT_DATABASE = 'devcommunity';
const COPY_BATCH_SIZE = 1000;
const TRANSACTION_OPTIONS: TransactionOptions = {
  readConcern: { level: 'snapshot' },
  writeConcern: { w: 'majority' },
  readPreference: 'primary',
};

interface StoredDocument {
  _id: string;
  [field: string]: unknown;
}

interface StoredCheckpoint {
  _id: string;
  position: string | null;
}

/**
 * The production ReadStore: a MongoDB collection per read-model collection, documents keyed by
 * `_id` = id, checkpoints (decimal strings) in `_checkpoints`. Needs a replica set, for
 * multi-document transactions.
 *
 * Transactions are serialized in this process by a lock; against other processes MongoDB's
 * write conflicts make `withTransaction` run `work` again on a fresh snapshot, so `work` must
 * be safe to repeat (read what it needs through `tx`, as the projection runner does).
 */
export class MongoReadStore implements ReadStore {
  private readonly lock = new SerialLock();

  constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
  ) {}

  /** Connects to `url`; the database is the URL's path (`mongodb://host/devcommunity`), else `devcommunity`. */
  static async connect(url: string): Promise<MongoReadStore> {
    const client = new MongoClient(url);
    await client.connect();
    return new MongoReadStore(client, client.db(databaseNameOf(url)));
  }

  get<T extends ReadDocument>(collection: string, id: string): Promise<T | null> {
    return getDocument<T>(this.db, collection, id);
  }

  find<T extends ReadDocument>(collection: string, filter?: Filter, options?: FindOptions): Promise<T[]> {
    return findDocuments<T>(this.db, collection, filter, options);
  }

  async count(collection: string, filter?: Filter): Promise<number> {
    assertCollectionName(collection);
    return this.db.collection<StoredDocument>(collection).countDocuments(mongoFilter(parseFilter(filter)));
  }

  getCheckpoint(name: string): Promise<bigint | null> {
    return readCheckpoint(this.db, name);
  }

  transaction<R>(work: (tx: ReadStoreTransaction) => Promise<R>): Promise<R> {
    return this.lock.run(async () => {
      const session = this.client.startSession();
      try {
        let emptied: ReadonlySet<string> = new Set();
        const result = await session.withTransaction(async () => {
          const tx = new MongoTransaction(this.db, session);
          try {
            const value = await work(tx);
            emptied = tx.renamedAway;
            return value;
          } finally {
            tx.end();
          }
        }, TRANSACTION_OPTIONS);
        // Collections cannot be dropped inside a transaction; these were emptied in it, so
        // dropping them now only tidies up, and failing to is harmless.
        for (const name of emptied) await this.db.dropCollection(name).catch(() => undefined);
        return result;
      } finally {
        await session.endSession();
      }
    });
  }

  async ensureIndexes(collection: string, indexes: readonly (readonly string[])[]): Promise<void> {
    assertCollectionName(collection);
    for (const fields of indexes) {
      if (fields.length === 0) throw new TypeError(`An index of "${collection}" lists no field`);
      fields.forEach(assertFieldPath);
      if (fields.length === 1 && fields[0] === 'id') continue; // _id is always indexed
      await this.db.collection(collection).createIndex(mongoIndexKeys(fields));
    }
  }

  async listCollections(): Promise<string[]> {
    const collections = await this.db.listCollections({ type: 'collection' }, { nameOnly: true }).toArray();
    return collections
      .map((collection) => collection.name)
      .filter(isCollectionName)
      .sort();
  }

  close(): Promise<void> {
    return this.lock.run(() => this.client.close());
  }
}

/**
 * Everything goes through the transaction's session. MongoDB cannot drop or rename a collection
 * inside a transaction, so `dropCollection` deletes the documents and `renameCollection` copies
 * them: both then commit or roll back with the rest, checkpoints included.
 */
class MongoTransaction implements ReadStoreTransaction {
  /** Sources of renames: empty once committed, dropped by the store afterwards. */
  readonly renamedAway = new Set<string>();
  private active = true;

  constructor(
    private readonly db: Db,
    private readonly session: ClientSession,
  ) {}

  end(): void {
    this.active = false;
  }

  async get<T extends ReadDocument>(collection: string, id: string): Promise<T | null> {
    return getDocument<T>(this.db, collection, id, this.open());
  }

  async find<T extends ReadDocument>(collection: string, filter?: Filter, options?: FindOptions): Promise<T[]> {
    return findDocuments<T>(this.db, collection, filter, options, this.open());
  }

  async upsert<T extends ReadDocument>(collection: string, document: T): Promise<void> {
    const session = this.open();
    assertCollectionName(collection);
    assertDocumentId(document);
    const { id, ...fields } = JSON.parse(JSON.stringify(document)) as ReadDocument;
    delete fields._id;
    this.renamedAway.delete(collection);
    await this.db.collection<StoredDocument>(collection).replaceOne({ _id: id }, fields, { upsert: true, session });
  }

  async delete(collection: string, id: string): Promise<void> {
    const session = this.open();
    assertCollectionName(collection);
    await this.db.collection<StoredDocument>(collection).deleteOne({ _id: id }, { session });
  }

  async dropCollection(collection: string): Promise<void> {
    const session = this.open();
    assertCollectionName(collection);
    await this.db.collection<StoredDocument>(collection).deleteMany({}, { session });
  }

  async renameCollection(from: string, to: string): Promise<void> {
    const session = this.open();
    assertCollectionName(from);
    assertCollectionName(to);
    if (from === to) return;
    const source = this.db.collection<StoredDocument>(from);
    const target = this.db.collection<StoredDocument>(to);
    await target.deleteMany({}, { session });
    // Pages by _id rather than one open cursor, so no cursor outlives a batch of inserts.
    let after: string | undefined;
    for (;;) {
      const page = await source
        .find(after === undefined ? {} : { _id: { $gt: after } }, { session, sort: [['_id', 1]], limit: COPY_BATCH_SIZE })
        .toArray();
      if (page.length === 0) break;
      await target.insertMany(page, { session });
      after = page[page.length - 1]._id;
    }
    await source.deleteMany({}, { session });
    this.renamedAway.delete(to);
    this.renamedAway.add(from);
  }

  async getCheckpoint(name: string): Promise<bigint | null> {
    return readCheckpoint(this.db, name, this.open());
  }

  async setCheckpoint(name: string, position: bigint | null): Promise<void> {
    const session = this.open();
    if (position !== null && typeof position !== 'bigint') throw new TypeError('A checkpoint position is a bigint or null');
    await this.db
      .collection<StoredCheckpoint>(CHECKPOINTS)
      .replaceOne({ _id: name }, { position: position === null ? null : position.toString() }, { upsert: true, session });
  }

  async deleteCheckpoint(name: string): Promise<void> {
    const session = this.open();
    await this.db.collection<StoredCheckpoint>(CHECKPOINTS).deleteOne({ _id: name }, { session });
  }

  private open(): ClientSession {
    if (!this.active) throw new Error('This read-store transaction has already ended');
    return this.session;
  }
}

async function getDocument<T extends ReadDocument>(db: Db, collection: string, id: string, session?: ClientSession): Promise<T | null> {
  assertCollectionName(collection);
  const stored = await db.collection<StoredDocument>(collection).findOne({ _id: id }, { session });
  return stored ? toReadDocument<T>(stored) : null;
}

async function findDocuments<T extends ReadDocument>(
  db: Db,
  collection: string,
  filter: Filter | undefined,
  options: FindOptions | undefined,
  session?: ClientSession,
): Promise<T[]> {
  assertCollectionName(collection);
  const parsed = parseFindOptions(options);
  // MongoDB reads limit 0 as "no limit".
  if (parsed.limit === 0) return [];
  const stored = await db
    .collection<StoredDocument>(collection)
    .find(mongoFilter(parseFilter(filter)), { session, sort: mongoSort(parsed), skip: parsed.skip, limit: parsed.limit })
    .toArray();
  return stored.map((document) => toReadDocument<T>(document));
}

async function readCheckpoint(db: Db, name: string, session?: ClientSession): Promise<bigint | null> {
  const stored = await db.collection<StoredCheckpoint>(CHECKPOINTS).findOne({ _id: name }, { session });
  return stored?.position == null ? null : BigInt(stored.position);
}

function toReadDocument<T extends ReadDocument>({ _id, ...fields }: StoredDocument): T {
  return { id: _id, ...fields } as T;
}

/** The path of a `mongodb://` or `mongodb+srv://` URL names the database. */
export function databaseNameOf(url: string): string {
  const match = /^mongodb(?:\+srv)?:\/\/[^/?]*\/([^?]*)/.exec(url);
  return (match && decodeURIComponent(match[1])) || DEFAULT_DATABASE;
}
