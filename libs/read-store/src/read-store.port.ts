/**
 * The ReadStore port: projected documents (the query side), and the checkpoints of the
 * projections that write them.
 *
 * Guarantees every adapter must keep (checked by `describeReadStoreContract`):
 * - Documents are JSON objects with a string `id`, unique within a collection.
 * - `transaction` is atomic: every write made through the transaction, checkpoints included,
 *   commits together or not at all (a thrown error rolls all of it back).
 * - Transactions are serialized: two never interleave their writes.
 * - Reads outside a transaction see only committed data.
 * - `find` filters on scalar fields (strings, numbers, booleans, null), compared like MongoDB
 *   does for values of one type; `sort` then `limit` apply in that order.
 * - Change versions (`changeVersions`) move in the transaction that writes, so whoever reads a
 *   version and then the documents sees documents of that version or newer.
 */
export interface ReadStore {
  get<T extends ReadDocument>(collection: string, id: string): Promise<T | null>;
  find<T extends ReadDocument>(collection: string, filter?: Filter, options?: FindOptions): Promise<T[]>;
  count(collection: string, filter?: Filter): Promise<number>;

  transaction<R>(work: (tx: ReadStoreTransaction) => Promise<R>): Promise<R>;

  getCheckpoint(name: string): Promise<bigint | null>;

  /**
   * The change version of each scope, in order: an opaque string that differs once a committed
   * transaction changed what the scope covers, and stays the same otherwise. A whole collection
   * changes with any document written to it (an upsert or delete; an upsert of the same document
   * may count or not) and with a drop or rename onto or from it; one document with its own
   * writes and with a drop or rename of its collection. Checkpoints are not part of any scope, so
   * a transaction that only moves a checkpoint changes no version. Caches key on these.
   */
  changeVersions(scopes: readonly ChangeScope[]): Promise<string[]>;

  /** Declares indexes (each a list of fields); idempotent. */
  ensureIndexes(collection: string, indexes: readonly (readonly string[])[]): Promise<void>;

  /** Names of existing collections (checkpoints excluded). */
  listCollections(): Promise<string[]>;

  /**
   * After an erasure: makes what was deleted or replaced unreadable in the store's own files, as
   * far as the engine allows. SQLite zeroes deleted cells as it goes (secure_delete) and here
   * checkpoints and empties its WAL, whose old frames still hold them; MongoDB does nothing (see
   * the README, "Restores on the real engines keep erasures too").
   */
  purgeDeleted(): Promise<void>;

  /**
   * Optional: runs `work` (a rebuild writing a large shadow collection) with the store tuned for
   * many writes, then as before; the guarantees above hold throughout. Calls may overlap (each
   * tunes until the last ends). A store without it needs no tuning: the caller just runs `work`.
   */
  duringBulkWrites?<R>(work: () => Promise<R>): Promise<R>;

  close(): Promise<void>;
}

export interface ReadStoreTransaction {
  get<T extends ReadDocument>(collection: string, id: string): Promise<T | null>;
  find<T extends ReadDocument>(collection: string, filter?: Filter, options?: FindOptions): Promise<T[]>;
  /** Inserts or replaces the whole document. */
  upsert<T extends ReadDocument>(collection: string, document: T): Promise<void>;
  delete(collection: string, id: string): Promise<void>;
  /** Removes every document of the collection. */
  dropCollection(collection: string): Promise<void>;
  /** Atomically replaces `to` (dropped if it exists) with `from`. */
  renameCollection(from: string, to: string): Promise<void>;
  /** Read inside the transaction, so a runner can check nobody moved it meanwhile. */
  getCheckpoint(name: string): Promise<bigint | null>;
  setCheckpoint(name: string, position: bigint | null): Promise<void>;
  deleteCheckpoint(name: string): Promise<void>;
}

/** What a change version covers: a whole collection, or one document of it. */
export interface ChangeScope {
  collection: string;
  id?: string;
}

export interface ReadDocument {
  id: string;
  [field: string]: unknown;
}

export type Scalar = string | number | boolean | null;

export type Condition =
  Scalar | { $in: readonly Scalar[] } | { $ne: Scalar } | { $lt?: Scalar; $lte?: Scalar; $gt?: Scalar; $gte?: Scalar };

/** Field (a dotted path is allowed) to condition; all must hold. */
export type Filter = Record<string, Condition>;

export interface FindOptions {
  /** Fields in priority order, 1 ascending, -1 descending. */
  sort?: readonly (readonly [string, 1 | -1])[];
  limit?: number;
  skip?: number;
}

export const READ_STORE = Symbol('ReadStore');
