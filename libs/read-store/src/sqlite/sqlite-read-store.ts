import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ChangeScope, Filter, FindOptions, ReadDocument, ReadStore, ReadStoreTransaction } from '../read-store.port';
import { SerialLock } from '../serial-lock';
import { WriteBehindTransaction } from '../write-behind';
import { SCHEMA, SqliteDocuments } from './sqlite-documents';

export interface SqliteReadStoreOptions {
  /** The database file, usually `<dataDir>/read.sqlite`. */
  file: string;
  /** How long a write waits for another process holding the file's write lock. Default 10 s. */
  busyTimeoutMs?: number;
}

/** SQLite's default: a checkpoint once the WAL holds this many pages (4 KB each). */
const WAL_AUTOCHECKPOINT_PAGES = 1000;
/** During bulk writes (a rebuild): a WAL of up to ~80 MB between checkpoints. */
const BULK_WAL_AUTOCHECKPOINT_PAGES = 20_000;

/**
 * The embedded ReadStore: JSON documents in one SQLite file (WAL), a table per collection.
 *
 * Two connections: transactions run one at a time (an in-process lock, and BEGIN IMMEDIATE
 * against other processes) on the write connection, while reads outside transactions go through
 * a read-only connection, which in WAL mode only ever sees committed data.
 */
export class SqliteReadStore implements ReadStore {
  private readonly writer: Database.Database;
  private readonly reader: Database.Database;
  private readonly writes: SqliteDocuments;
  private readonly reads: SqliteDocuments;
  private readonly lock = new SerialLock();
  private readonly busyTimeoutMs: number;
  private bulkWriters = 0;
  private closed = false;

  constructor(options: SqliteReadStoreOptions) {
    mkdirSync(dirname(options.file), { recursive: true });
    const timeout = options.busyTimeoutMs ?? 10_000;
    this.busyTimeoutMs = timeout;
    this.writer = new Database(options.file, { timeout });
    this.writer.pragma('journal_mode = WAL');
    // NORMAL: read models are rebuilt from the log. A power cut may lose the last commits, but
    // documents and checkpoint go back together (one transaction), so the runner just re-applies them.
    this.writer.pragma('synchronous = NORMAL');
    // A replaced or deleted document (a name, an e-mail the erasure removed) is zeroed in its page
    // instead of lingering as free space. FAST costs no extra I/O; a freed overflow page keeps its
    // bytes until reused, and old WAL frames until overwritten (docs/decisions.md, "Erasure survives every restore").
    this.writer.pragma('secure_delete = FAST');
    this.writer.exec(SCHEMA);
    this.writer.pragma('busy_timeout = 0'); // from now on, see beginImmediate
    this.reader = new Database(options.file, { readonly: true, timeout });
    this.writes = new SqliteDocuments(this.writer);
    this.reads = new SqliteDocuments(this.reader);
  }

  async get<T extends ReadDocument>(collection: string, id: string): Promise<T | null> {
    this.assertOpen();
    return this.reads.get<T>(collection, id);
  }

  async find<T extends ReadDocument>(collection: string, filter?: Filter, options?: FindOptions): Promise<T[]> {
    this.assertOpen();
    return this.reads.find<T>(collection, filter, options);
  }

  async count(collection: string, filter?: Filter): Promise<number> {
    this.assertOpen();
    return this.reads.count(collection, filter);
  }

  async getCheckpoint(name: string): Promise<bigint | null> {
    this.assertOpen();
    return this.reads.getCheckpoint(name);
  }

  async changeVersions(scopes: readonly ChangeScope[]): Promise<string[]> {
    this.assertOpen();
    return this.reads.changeVersions(scopes);
  }

  async listCollections(): Promise<string[]> {
    this.assertOpen();
    return this.reads.listCollections();
  }

  /**
   * Do not call `transaction` again from inside `work`: it would wait for itself. Documents are
   * written once each, in bulk, right before COMMIT (see WriteBehindTransaction).
   */
  transaction<R>(work: (tx: ReadStoreTransaction) => Promise<R>): Promise<R> {
    return this.writeTransaction(async () => {
      const direct = new SqliteTransaction(this.writes);
      const tx = new WriteBehindTransaction({
        transaction: direct,
        writeAll: (collection, writes) => this.writes.writeAll(collection, writes),
      });
      try {
        const result = await work(tx);
        await tx.flush();
        return result;
      } finally {
        tx.end();
        direct.end();
      }
    });
  }

  ensureIndexes(collection: string, indexes: readonly (readonly string[])[]): Promise<void> {
    return this.writeTransaction(async () => this.writes.ensureIndexes(collection, indexes));
  }

  private writeTransaction<R>(work: () => Promise<R>): Promise<R> {
    return this.lock.run(async () => {
      this.assertOpen();
      await this.beginImmediate();
      try {
        const result = await work();
        this.writer.exec('COMMIT');
        return result;
      } catch (error) {
        if (this.writer.inTransaction) this.writer.exec('ROLLBACK');
        throw error;
      }
    });
  }

  /**
   * Waits for another connection's write lock without blocking the event loop: SQLite's own busy
   * wait sleeps the thread, which would also freeze a transaction of this process that holds
   * the lock (two stores on one file) until the wait times out.
   */
  private async beginImmediate(): Promise<void> {
    const deadline = Date.now() + this.busyTimeoutMs;
    for (let delay = 2; ; delay = Math.min(delay * 2, 50)) {
      try {
        this.writer.exec('BEGIN IMMEDIATE');
        return;
      } catch (error) {
        if ((error as { code?: unknown } | null)?.code !== 'SQLITE_BUSY' || Date.now() >= deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  /**
   * A larger WAL between checkpoints while a rebuild writes: each checkpoint copies every page the
   * WAL holds into the file and syncs it, and a rebuild rewrites the same pages commit after
   * commit, so fewer checkpoints copy and sync each page fewer times (see docs/performance.md).
   */
  async duringBulkWrites<R>(work: () => Promise<R>): Promise<R> {
    this.assertOpen();
    if ((this.bulkWriters += 1) === 1) this.writer.pragma(`wal_autocheckpoint = ${BULK_WAL_AUTOCHECKPOINT_PAGES}`);
    try {
      return await work();
    } finally {
      if ((this.bulkWriters -= 1) === 0 && !this.closed) this.writer.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
    }
  }

  purgeDeleted(): Promise<void> {
    // Under the write lock, so no transaction of this process is half written; a reader of another process may hold it back (best effort).
    return this.lock.run(async () => {
      this.assertOpen();
      this.writer.pragma('wal_checkpoint(TRUNCATE)');
    });
  }

  close(): Promise<void> {
    return this.lock.run(async () => {
      if (this.closed) return;
      this.closed = true;
      this.reader.close();
      this.writer.close();
    });
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The read store is closed');
  }
}

/** Writes through the store's write connection while its transaction is open, and never after. */
class SqliteTransaction implements ReadStoreTransaction {
  private active = true;

  constructor(private readonly documents: SqliteDocuments) {}

  end(): void {
    this.active = false;
  }

  async get<T extends ReadDocument>(collection: string, id: string): Promise<T | null> {
    return this.open().get<T>(collection, id);
  }

  async find<T extends ReadDocument>(collection: string, filter?: Filter, options?: FindOptions): Promise<T[]> {
    return this.open().find<T>(collection, filter, options);
  }

  async upsert<T extends ReadDocument>(collection: string, document: T): Promise<void> {
    this.open().upsert(collection, document);
  }

  async delete(collection: string, id: string): Promise<void> {
    this.open().delete(collection, id);
  }

  async dropCollection(collection: string): Promise<void> {
    this.open().dropCollection(collection);
  }

  async renameCollection(from: string, to: string): Promise<void> {
    this.open().renameCollection(from, to);
  }

  async getCheckpoint(name: string): Promise<bigint | null> {
    return this.open().getCheckpoint(name);
  }

  async setCheckpoint(name: string, position: bigint | null): Promise<void> {
    this.open().setCheckpoint(name, position);
  }

  async deleteCheckpoint(name: string): Promise<void> {
    this.open().deleteCheckpoint(name);
  }

  private open(): SqliteDocuments {
    if (!this.active) throw new Error('This read-store transaction has already ended');
    return this.documents;
  }
}
