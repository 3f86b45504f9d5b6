import { assertCollectionName } from './collection-name';
import { assertDocumentId } from './filter';
import type { Filter, FindOptions, ReadDocument, ReadStoreTransaction } from './read-store.port';

/** A collection's pending writes: id to the document's JSON, or null for a delete. */
export type PendingWrites = ReadonlyMap<string, string | null>;

/** What an adapter gives the write-behind: its own transaction, and one bulk write per collection. */
export interface WriteBehindTarget {
  transaction: ReadStoreTransaction;
  writeAll(collection: string, writes: PendingWrites): Promise<void> | void;
}

/** Pending documents kept before they are written anyway: bounds a transaction's memory whatever its size. */
const DEFAULT_MAX_PENDING = 2000;

/**
 * A read-store transaction that keeps its upserts and deletes in memory and writes each document
 * once, in bulk, when the transaction commits (`flush`), so a batch that touches one document many
 * times (a post's like count, once per like) reads it once and writes it once. Reads through the
 * transaction see its own writes: `get` answers from the pending writes, `find` flushes the
 * collection it reads first (only that one: the others' writes keep batching), and `dropCollection`
 * and `renameCollection` flush everything first.
 * Documents are kept as their JSON, taken at `upsert`, like a store would: a caller changing the
 * object afterwards changes nothing stored. Nothing is written when the transaction rolls back.
 */
export class WriteBehindTransaction implements ReadStoreTransaction {
  private readonly pending = new Map<string, Map<string, string | null>>();
  private size = 0;
  private active = true;

  constructor(
    private readonly target: WriteBehindTarget,
    private readonly maxPending = DEFAULT_MAX_PENDING,
  ) {}

  /** Called by the adapter when the transaction is over: any later use throws. */
  end(): void {
    this.active = false;
    this.pending.clear();
    this.size = 0;
  }

  async get<T extends ReadDocument>(collection: string, id: string): Promise<T | null> {
    this.assertActive();
    const json = this.pending.get(collection)?.get(id);
    if (json !== undefined) return json === null ? null : (JSON.parse(json) as T);
    return this.target.transaction.get<T>(collection, id);
  }

  async find<T extends ReadDocument>(collection: string, filter?: Filter, options?: FindOptions): Promise<T[]> {
    await this.flushCollection(collection);
    return this.target.transaction.find<T>(collection, filter, options);
  }

  async upsert<T extends ReadDocument>(collection: string, document: T): Promise<void> {
    assertCollectionName(collection);
    assertDocumentId(document);
    await this.keep(collection, document.id, JSON.stringify(document));
  }

  async delete(collection: string, id: string): Promise<void> {
    assertCollectionName(collection);
    await this.keep(collection, id, null);
  }

  async dropCollection(collection: string): Promise<void> {
    await this.flush();
    await this.target.transaction.dropCollection(collection);
  }

  async renameCollection(from: string, to: string): Promise<void> {
    await this.flush();
    await this.target.transaction.renameCollection(from, to);
  }

  getCheckpoint(name: string): Promise<bigint | null> {
    return this.target.transaction.getCheckpoint(name);
  }

  setCheckpoint(name: string, position: bigint | null): Promise<void> {
    return this.target.transaction.setCheckpoint(name, position);
  }

  deleteCheckpoint(name: string): Promise<void> {
    return this.target.transaction.deleteCheckpoint(name);
  }

  /** Writes every pending document; the adapter calls it before it commits. */
  async flush(): Promise<void> {
    if (this.size === 0) return;
    const pending = [...this.pending];
    this.pending.clear();
    this.size = 0;
    for (const [collection, writes] of pending) await this.target.writeAll(collection, writes);
  }

  private async flushCollection(collection: string): Promise<void> {
    const writes = this.pending.get(collection);
    if (!writes) return;
    this.pending.delete(collection);
    this.size -= writes.size;
    await this.target.writeAll(collection, writes);
  }

  private async keep(collection: string, id: string, json: string | null): Promise<void> {
    this.assertActive();
    let writes = this.pending.get(collection);
    if (!writes) this.pending.set(collection, (writes = new Map<string, string | null>()));
    if (!writes.has(id)) this.size += 1;
    writes.set(id, json);
    if (this.size >= this.maxPending) await this.flush();
  }

  private assertActive(): void {
    if (!this.active) throw new Error('This read-store transaction has already ended');
  }
}
