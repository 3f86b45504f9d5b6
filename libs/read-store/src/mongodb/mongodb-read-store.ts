import { ClientSession, Db, MongoClient, ObjectId, type AnyBulkWriteOperation, type TransactionOptions } from 'mongodb';
import { randomBytes } from 'node:crypto';
import { assertCollectionName, isCollectionName, keepsDocumentVersions } from '../collection-name';
import { assertDocumentId, assertFieldPath, parseFilter, parseFindOptions } from '../filter';
import type { ChangeScope, Filter, FindOptions, ReadDocument, ReadStore, ReadStoreTransaction } from '../read-store.port';
import { SerialLock } from '../serial-lock';
import { WriteBehindTransaction, type PendingWrites } from '../write-behind';
import { mongoFilter, mongoIndexKeys, mongoSort } from './mongodb-query';

/** Starts with `_`, which no collection name may: never listed, never clashes. */
const CHECKPOINTS = '_checkpoints';
/** Which physical collection (generation) each logical collection is: the pointer a rename or a drop flips. */
const GENERATIONS = '_generations';
/** Prefix of generation collections (`_` again: never listed, never a logical name). */
const GENERATION_PREFIX = '_g_';
/** How long a generation replaced by a switch stays, for reads that resolved the pointer just before it. */
const RETIRED_GRACE_MS = 10_000;
/** The last change of each collection (and its last drop or rename), and of each document: see `changeVersions`. */
const COLLECTION_CHANGES = '_collection_changes';
const DOCUMENT_CHANGES = '_document_changes';
const DEFAULT_DATABASE = 'devcommunity';
const TRANSACTION_OPTIONS: TransactionOptions = {
  readConcern: { level: 'snapshot' },
  writeConcern: { w: 'majority' },
  readPreference: 'primary',
};

interface StoredDocument {
  _id: string;
  [field: string]: unknown;
}

interface StoredGeneration {
  _id: string;
  physical: string;
}

interface StoredCollectionChange {
  _id: string;
  changed: string;
  replaced: string;
}

interface StoredDocumentChange {
  _id: string;
  collection: string;
  changed: string;
}

interface StoredCheckpoint {
  _id: string;
  position: string | null;
}

/**
 * The production ReadStore: documents keyed by `_id` = id, checkpoints (decimal strings) in
 * `_checkpoints`. Needs a replica set, for multi-document transactions.
 *
 * Each logical collection is a pointer in `_generations` to a physical collection (a generation,
 * `_g_<name>_<id>`; without a pointer, the collection of the logical name itself). MongoDB cannot
 * rename or drop a collection inside a transaction, so `renameCollection` and `dropCollection`
 * flip pointers there instead: the target points at the source's generation (indexes included),
 * the source at a fresh, empty one; they commit or roll back with the rest, checkpoints included,
 * in constant time whatever the collection's size. Replaced generations are dropped shortly after
 * the commit (a crash first leaves an unreferenced `_g_` collection: garbage, never read).
 *
 * Transactions are serialized in this process by a lock; against other processes MongoDB's
 * write conflicts make `withTransaction` run `work` again on a fresh snapshot, so `work` must
 * be safe to repeat (read what it needs through `tx`, as the projection runner does).
 */
export class MongoReadStore implements ReadStore {
  private readonly lock = new SerialLock();
  private readonly retiring = new Map<string, NodeJS.Timeout>();

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
    const physical = await physicalName(this.db, collection);
    return this.db.collection<StoredDocument>(physical).countDocuments(mongoFilter(parseFilter(filter)));
  }

  getCheckpoint(name: string): Promise<bigint | null> {
    return readCheckpoint(this.db, name);
  }

  /**
   * Each change is a fresh ObjectId, so a version is never reused; a document's is its
   * collection's last drop or rename and its own last change since.
   */
  async changeVersions(scopes: readonly ChangeScope[]): Promise<string[]> {
    scopes.forEach(({ collection }) => assertCollectionName(collection));
    const collections = [...new Set(scopes.map((scope) => scope.collection))];
    const documents = scopes.filter((scope) => scope.id !== undefined).map((scope) => documentChangeId(scope.collection, scope.id!));
    const [collectionRows, documentRows] = await Promise.all([
      this.db
        .collection<StoredCollectionChange>(COLLECTION_CHANGES)
        .find({ _id: { $in: collections } })
        .toArray(),
      documents.length
        ? this.db
            .collection<StoredDocumentChange>(DOCUMENT_CHANGES)
            .find({ _id: { $in: documents } })
            .toArray()
        : [],
    ]);
    const collectionChange = new Map(collectionRows.map((row) => [row._id, row]));
    const documentChange = new Map(documentRows.map((row) => [row._id, row.changed]));
    return scopes.map(({ collection, id }) => {
      const row = collectionChange.get(collection);
      if (id === undefined) return row?.changed ?? '0';
      return `${row?.replaced ?? '0'}.${documentChange.get(documentChangeId(collection, id)) ?? '0'}`;
    });
  }

  transaction<R>(work: (tx: ReadStoreTransaction) => Promise<R>): Promise<R> {
    return this.lock.run(async () => {
      const session = this.client.startSession();
      try {
        let retired: ReadonlySet<string> = new Set();
        const result = await session.withTransaction(async () => {
          const direct = new MongoTransaction(this.db, session);
          // Documents are written once each, one bulkWrite per collection, before the commit.
          const tx = new WriteBehindTransaction({
            transaction: direct,
            writeAll: (collection, writes) => direct.writeAll(collection, writes),
          });
          try {
            const value = await work(tx);
            await tx.flush();
            retired = direct.retired;
            return value;
          } finally {
            tx.end();
            direct.end();
          }
        }, TRANSACTION_OPTIONS);
        for (const name of retired) this.retire(name);
        return result;
      } finally {
        await session.endSession();
      }
    });
  }

  async ensureIndexes(collection: string, indexes: readonly (readonly string[])[]): Promise<void> {
    const physical = await physicalName(this.db, collection);
    for (const fields of indexes) {
      if (fields.length === 0) throw new TypeError(`An index of "${collection}" lists no field`);
      fields.forEach(assertFieldPath);
      if (fields.length === 1 && fields[0] === 'id') continue; // _id is always indexed
      await this.db.collection(physical).createIndex(mongoIndexKeys(fields));
    }
  }

  /** Logical names: those whose generation exists, and plain collections no pointer replaced. */
  async listCollections(): Promise<string[]> {
    const existing = new Set(
      (await this.db.listCollections({ type: 'collection' }, { nameOnly: true }).toArray()).map((collection) => collection.name),
    );
    const pointers = await this.db.collection<StoredGeneration>(GENERATIONS).find({}).toArray();
    const pointed = new Set(pointers.map((pointer) => pointer._id));
    const names = pointers.filter((pointer) => existing.has(pointer.physical)).map((pointer) => pointer._id);
    for (const name of existing) if (!pointed.has(name)) names.push(name);
    return [...new Set(names.filter(isCollectionName))].sort();
  }

  /** MongoDB keeps no deleted document readable through the server; what WiredTiger's files keep is the README's business. */
  async purgeDeleted(): Promise<void> {}

  close(): Promise<void> {
    return this.lock.run(async () => {
      // Replaced generations go now rather than never: nobody reads through this store any more.
      const pending = [...this.retiring.keys()];
      for (const timer of this.retiring.values()) clearTimeout(timer);
      this.retiring.clear();
      for (const name of pending) await this.db.dropCollection(name).catch(() => undefined);
      await this.client.close();
    });
  }

  /** Drops a generation a committed switch replaced, after a grace period; failing to is harmless. */
  private retire(name: string): void {
    const timer = setTimeout(() => {
      this.retiring.delete(name);
      void this.db.dropCollection(name).catch(() => undefined);
    }, RETIRED_GRACE_MS);
    timer.unref();
    this.retiring.set(name, timer);
  }
}

/**
 * Everything goes through the transaction's session, logical names through `_generations` as the
 * transaction sees it. `dropCollection` and `renameCollection` flip pointers (see MongoReadStore).
 */
class MongoTransaction implements ReadStoreTransaction {
  /** Generations replaced in this transaction: the store drops them once it committed. */
  readonly retired = new Set<string>();
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
    const physical = await physicalName(this.db, collection, session);
    await this.db.collection<StoredDocument>(physical).replaceOne({ _id: id }, fields, { upsert: true, session });
    await this.documentsChanged(collection, [id]);
  }

  async delete(collection: string, id: string): Promise<void> {
    const session = this.open();
    const physical = await physicalName(this.db, collection, session);
    const { deletedCount } = await this.db.collection<StoredDocument>(physical).deleteOne({ _id: id }, { session });
    if (deletedCount > 0) await this.documentsChanged(collection, [id]);
  }

  /** Upserts (a document's JSON) and deletes (null) of one collection in one ordered bulkWrite. */
  async writeAll(collection: string, writes: PendingWrites): Promise<void> {
    const session = this.open();
    if (writes.size === 0) return;
    const physical = await physicalName(this.db, collection, session);
    const operations: AnyBulkWriteOperation<StoredDocument>[] = [];
    for (const [id, json] of writes) {
      if (json === null) {
        operations.push({ deleteOne: { filter: { _id: id } } });
        continue;
      }
      const { id: _ignored, _id: _stored, ...fields } = JSON.parse(json) as ReadDocument;
      operations.push({ replaceOne: { filter: { _id: id }, replacement: fields, upsert: true } });
    }
    const result = await this.db.collection<StoredDocument>(physical).bulkWrite(operations, { session, ordered: true });
    // Deletes of documents that were not there change nothing; when none of the writes did, nothing moves.
    const upserts = [...writes].filter(([, json]) => json !== null).map(([id]) => id);
    if (upserts.length > 0 || result.deletedCount > 0) await this.documentsChanged(collection, [...writes.keys()]);
  }

  /** Moves the versions of `collection` and of the documents `ids`, in this transaction. */
  private async documentsChanged(collection: string, ids: readonly string[]): Promise<void> {
    const session = this.open();
    const changed = new ObjectId().toHexString();
    await this.db
      .collection<StoredCollectionChange>(COLLECTION_CHANGES)
      .updateOne({ _id: collection }, { $set: { changed }, $setOnInsert: { replaced: '0' } }, { upsert: true, session });
    if (!keepsDocumentVersions(collection)) return;
    await this.db.collection<StoredDocumentChange>(DOCUMENT_CHANGES).bulkWrite(
      ids.map((id) => ({
        replaceOne: { filter: { _id: documentChangeId(collection, id) }, replacement: { collection, changed }, upsert: true },
      })),
      { session, ordered: false },
    );
  }

  /** A drop or a rename: every document of `collection` is new, so their own versions are forgotten. */
  private async collectionReplaced(collection: string, change: string): Promise<void> {
    const session = this.open();
    await this.db
      .collection<StoredCollectionChange>(COLLECTION_CHANGES)
      .replaceOne({ _id: collection }, { changed: change, replaced: change }, { upsert: true, session });
    await this.db.collection<StoredDocumentChange>(DOCUMENT_CHANGES).deleteMany({ collection }, { session });
  }

  /** Points the collection at a fresh, empty generation. */
  async dropCollection(collection: string): Promise<void> {
    const session = this.open();
    const old = await physicalName(this.db, collection, session);
    await this.point(collection, freshGeneration(collection));
    this.retired.add(old);
    await this.collectionReplaced(collection, new ObjectId().toHexString());
  }

  /** Points `to` at the generation of `from` (its documents and indexes), and `from` at a fresh one. */
  async renameCollection(from: string, to: string): Promise<void> {
    const session = this.open();
    assertCollectionName(from);
    assertCollectionName(to);
    if (from === to) return;
    const source = await physicalName(this.db, from, session);
    const replaced = await physicalName(this.db, to, session);
    await this.point(to, source);
    await this.point(from, freshGeneration(from));
    this.retired.delete(source);
    this.retired.add(replaced);
    const change = new ObjectId().toHexString();
    await this.collectionReplaced(from, change);
    await this.collectionReplaced(to, change);
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

  private async point(logical: string, physical: string): Promise<void> {
    await this.db
      .collection<StoredGeneration>(GENERATIONS)
      .replaceOne({ _id: logical }, { physical }, { upsert: true, session: this.open() });
  }

  private open(): ClientSession {
    if (!this.active) throw new Error('This read-store transaction has already ended');
    return this.session;
  }
}

/** The physical collection a logical name stands for, as `session` (or a plain read) sees it. */
async function physicalName(db: Db, collection: string, session?: ClientSession): Promise<string> {
  assertCollectionName(collection);
  const pointer = await db.collection<StoredGeneration>(GENERATIONS).findOne({ _id: collection }, { session });
  return pointer?.physical ?? collection;
}

/** Collection names have no `/`, so this names one document of one collection. */
function documentChangeId(collection: string, id: string): string {
  return `${collection}/${id}`;
}

function freshGeneration(collection: string): string {
  return `${GENERATION_PREFIX}${collection}_${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
}

async function getDocument<T extends ReadDocument>(db: Db, collection: string, id: string, session?: ClientSession): Promise<T | null> {
  const physical = await physicalName(db, collection, session);
  const stored = await db.collection<StoredDocument>(physical).findOne({ _id: id }, { session });
  return stored ? toReadDocument<T>(stored) : null;
}

async function findDocuments<T extends ReadDocument>(
  db: Db,
  collection: string,
  filter: Filter | undefined,
  options: FindOptions | undefined,
  session?: ClientSession,
): Promise<T[]> {
  const physical = await physicalName(db, collection, session);
  const parsed = parseFindOptions(options);
  // MongoDB reads limit 0 as "no limit".
  if (parsed.limit === 0) return [];
  const stored = await db
    .collection<StoredDocument>(physical)
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
