import { keepsDocumentVersions } from '../collection-name';
import type { Filter, FindOptions, PipelinedWrites, ReadDocument, ReadStoreTransaction } from '../read-store.port';
import { SerialLock } from '../serial-lock';
import { WriteBehindTransaction, type PendingWrites } from '../write-behind';
import { createTableSql, deleteSql, findSql, getSql, inChunks, splitWrites, upsertSql, type SqliteDocuments } from './sqlite-documents';
import { quoteIdentifier, tableName } from './sqlite-sql';
import { WriterThread, type Expectation, type PackedSql, type Sql, type WriterThreadOptions } from './sqlite-writer-thread';

/** Transactions handed over and not yet committed before `transaction` waits for the oldest. */
const MAX_IN_FLIGHT = 2;

const CHECKPOINT_SQL = `SELECT position FROM checkpoints WHERE name = ?`;
const SET_CHECKPOINT_SQL = `INSERT INTO checkpoints (name, position) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET position = excluded.position`;
const DELETE_CHECKPOINT_SQL = `DELETE FROM checkpoints WHERE name = ?`;
const NEXT_CHANGE_SQL = `INSERT INTO change_sequence (id, value) VALUES (1, 1) ON CONFLICT (id) DO UPDATE SET value = value + 1`;
const CHANGE = `(SELECT value FROM change_sequence WHERE id = 1)`;
const COLLECTION_CHANGED_SQL = `INSERT INTO collection_changes (collection, changed, replaced) VALUES (?, ${CHANGE}, 0) ON CONFLICT (collection) DO UPDATE SET changed = excluded.changed`;
const DOCUMENT_CHANGED_SQL = `INSERT INTO document_changes (collection, id, changed) VALUES (?, ?, ${CHANGE}) ON CONFLICT (collection, id) DO UPDATE SET changed = excluded.changed`;

/** What a transaction wrote: documents by collection and id (null: deleted), checkpoints by name (null: none). */
interface Written {
  documents: Map<string, Map<string, string | null>>;
  checkpoints: Map<string, string | null>;
}

/**
 * The SQLite store's `pipelinedWrites`: each transaction's work runs here, its writes kept in
 * memory and sent as statements to a writer thread (its own connection), which commits them in
 * order while the caller goes on. Reads through a transaction see every write handed over before
 * (kept until committed) over the committed file (the store's read-only connection). What a
 * transaction read of a collection that keeps versions (a lease) or of a checkpoint is checked
 * again inside its commit: if it changed meanwhile, the commit fails with WriteConflict and so do
 * the transactions after it. A search of a collection written by a transaction not yet committed
 * runs on the thread, inside the transaction. Collections are never dropped or renamed here.
 */
export class SqlitePipelinedWrites implements PipelinedWrites {
  private readonly thread: WriterThread;
  private readonly lock = new SerialLock();
  private readonly inFlight: Array<{ written: Written; committed: Promise<void> }> = [];
  private failure: Error | null = null;

  constructor(
    private readonly reads: SqliteDocuments,
    options: WriterThreadOptions,
  ) {
    this.thread = new WriterThread(options);
  }

  transaction<R>(work: (tx: ReadStoreTransaction) => Promise<R>): Promise<R> {
    return this.lock.run(async () => {
      this.throwIfFailed();
      const pending = new PendingTransaction(this, this.thread);
      const tx = new WriteBehindTransaction({
        transaction: pending,
        writeAll: (collection, writes) => pending.writeAll(collection, writes),
      });
      let result: R;
      try {
        result = await work(tx);
        await tx.flush();
      } catch (error) {
        await pending.abandon();
        throw error;
      } finally {
        tx.end();
      }
      this.handOver(pending.written, pending.commit());
      while (this.inFlight.length > MAX_IN_FLIGHT) await this.inFlight[0].committed;
      this.throwIfFailed();
      return result;
    });
  }

  async getCheckpoint(name: string): Promise<bigint | null> {
    const position = this.writtenCheckpoint(name);
    if (position !== undefined) return position === null ? null : BigInt(position);
    return this.reads.getCheckpoint(name);
  }

  async drain(): Promise<void> {
    await this.lock.run(async () => {
      while (this.inFlight.length > 0) await this.inFlight[0].committed;
    });
    this.throwIfFailed();
  }

  /** Waits for what was handed over to commit (or fail), then stops the thread. */
  async close(): Promise<void> {
    await this.drain().catch(() => undefined);
    await this.thread.close();
  }

  /** The newest handed-over write of a document: a body, null (deleted), or undefined (none in flight). */
  writtenDocument(collection: string, id: string): string | null | undefined {
    for (let index = this.inFlight.length - 1; index >= 0; index -= 1) {
      const body = this.inFlight[index].written.documents.get(collection)?.get(id);
      if (body !== undefined) return body;
    }
    return undefined;
  }

  writtenCheckpoint(name: string): string | null | undefined {
    for (let index = this.inFlight.length - 1; index >= 0; index -= 1) {
      const position = this.inFlight[index].written.checkpoints.get(name);
      if (position !== undefined) return position;
    }
    return undefined;
  }

  isWritten(collection: string): boolean {
    return this.inFlight.some((transaction) => transaction.written.documents.has(collection));
  }

  get committed(): SqliteDocuments {
    return this.reads;
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure;
  }

  private handOver(written: Written, commit: Promise<void>): void {
    const entry = {
      written,
      committed: commit.then(
        () => {
          this.inFlight.splice(this.inFlight.indexOf(entry), 1);
        },
        (error: Error) => {
          this.failure ??= error;
          this.inFlight.splice(this.inFlight.indexOf(entry), 1);
        },
      ),
    };
    this.inFlight.push(entry);
  }
}

/** One transaction's writes and expectations, as statements for the thread (see SqlitePipelinedWrites). */
class PendingTransaction implements ReadStoreTransaction {
  readonly written: Written = { documents: new Map(), checkpoints: new Map() };
  private expect: Expectation[] = [];
  private run: Array<Sql | PackedSql> = [];
  private packed: string[] = [];
  /** A step was sent without commit: the thread holds this transaction open. */
  private open = false;

  constructor(
    private readonly pipeline: SqlitePipelinedWrites,
    private readonly thread: WriterThread,
  ) {}

  async get<T extends ReadDocument>(collection: string, id: string): Promise<T | null> {
    let body = this.written.documents.get(collection)?.get(id);
    if (body === undefined) {
      body = this.pipeline.writtenDocument(collection, id);
      if (body === undefined) body = this.pipeline.committed.getBody(collection, id);
      if (keepsDocumentVersions(collection)) this.expect.push([getSql(collection), [id], body]);
    }
    return body === null ? null : (JSON.parse(body) as T);
  }

  async find<T extends ReadDocument>(collection: string, filter?: Filter, options?: FindOptions): Promise<T[]> {
    const query = findSql(collection, filter, options);
    if (!query) return [];
    // A shadow no transaction in flight wrote is all in the file (only its rebuild writes it).
    if (!keepsDocumentVersions(collection) && !this.written.documents.has(collection) && !this.pipeline.isWritten(collection)) {
      return this.pipeline.committed.find<T>(collection, filter, options);
    }
    const found = await this.send(false, query);
    return (found ?? []).map((body) => JSON.parse(body) as T);
  }

  async upsert<T extends ReadDocument>(collection: string, document: T): Promise<void> {
    this.writeAll(collection, new Map([[document.id, JSON.stringify(document)]]));
  }

  async delete(collection: string, id: string): Promise<void> {
    this.writeAll(collection, new Map([[id, null]]));
  }

  dropCollection(): Promise<void> {
    return Promise.reject(new Error('Pipelined writes cannot drop collections'));
  }

  renameCollection(): Promise<void> {
    return Promise.reject(new Error('Pipelined writes cannot rename collections'));
  }

  async getCheckpoint(name: string): Promise<bigint | null> {
    let position = this.written.checkpoints.get(name);
    if (position === undefined) {
      position = this.pipeline.writtenCheckpoint(name);
      if (position === undefined) position = this.pipeline.committed.getCheckpoint(name)?.toString() ?? null;
      this.expect.push([CHECKPOINT_SQL, [name], position]);
    }
    return position === null ? null : BigInt(position);
  }

  async setCheckpoint(name: string, position: bigint | null): Promise<void> {
    if (position !== null && typeof position !== 'bigint') throw new TypeError('A checkpoint position is a bigint or null');
    const text = position === null ? null : position.toString();
    this.written.checkpoints.set(name, text);
    this.run.push([SET_CHECKPOINT_SQL, [name, text]]);
  }

  async deleteCheckpoint(name: string): Promise<void> {
    this.written.checkpoints.set(name, null);
    this.run.push([DELETE_CHECKPOINT_SQL, [name]]);
  }

  /**
   * As SqliteDocuments.writeAll, as statements: a shadow many rows per statement, other collections
   * row by row with their documents' versions. Versions move with every write here, a same body
   * included (the port allows it).
   */
  writeAll(collection: string, writes: PendingWrites): void {
    if (writes.size === 0) return;
    const table = quoteIdentifier(tableName(collection));
    let documents = this.written.documents.get(collection);
    if (!documents) {
      this.written.documents.set(collection, (documents = new Map<string, string | null>()));
      this.run.push([createTableSql(table), []]);
    }
    for (const [id, body] of writes) documents.set(id, body);
    if (keepsDocumentVersions(collection)) {
      for (const [id, body] of writes) this.run.push(body === null ? [deleteSql(table, 1), [id]] : [upsertSql(table, 1), [id, body]]);
      this.run.push([NEXT_CHANGE_SQL, []], [COLLECTION_CHANGED_SQL, [collection]]);
      for (const id of writes.keys()) this.run.push([DOCUMENT_CHANGED_SQL, [collection, id]]);
      return;
    }
    const { upserts, deletes } = splitWrites(writes);
    this.runPacked(deletes, 1, (rows) => deleteSql(table, rows));
    this.runPacked(upserts, 2, (rows) => upsertSql(table, rows));
    this.run.push([NEXT_CHANGE_SQL, []], [COLLECTION_CHANGED_SQL, [collection]]);
  }

  private runPacked(strings: readonly string[], width: number, sql: (rows: number) => string): void {
    for (const [chunkSql, chunk] of inChunks(strings, width, sql)) {
      this.run.push([chunkSql, null, this.packed.length, chunk.length]);
      for (const text of chunk) this.packed.push(text as string);
    }
  }

  /** Sends what is left, committing; resolves once committed. */
  commit(): Promise<void> {
    return this.send(true).then(() => undefined);
  }

  /** The work threw: nothing of it is written. */
  async abandon(): Promise<void> {
    if (this.open) await this.thread.step('rollback');
  }

  private send(commit: boolean, find?: Sql): Promise<string[] | undefined> {
    const lengths = new Uint32Array(this.packed.length);
    for (let index = 0; index < lengths.length; index += 1) lengths[index] = this.packed[index].length;
    const step = { expect: this.expect, run: this.run, text: this.packed.join(''), lengths, find, commit };
    this.expect = [];
    this.run = [];
    this.packed = [];
    this.open = !commit;
    return this.thread.step(step);
  }
}
