import type { Filter, FindOptions, ReadDocument, ReadStoreTransaction } from '@app/read-store';

/**
 * Roughly the bytes of documents a generation of the cache takes before it becomes the old one and
 * the old one is forgotten (after a commit all of them are written, so forgetting them loses
 * nothing): rebuilds stay under their peak RSS target (docs/performance.md, Rebuilds) whatever the
 * read model's size.
 */
const MAX_GENERATION_SIZE = 4_000_000;
/** Searches remembered per collection before they are forgotten (a write to the collection forgets them too). */
const MAX_SEARCHES = 10_000;
/** Roughly the bytes of documents the remembered searches hold, all collections together, before they are forgotten. */
const MAX_FOUND_SIZE = 4_000_000;

/**
 * A rebuild's documents, kept in memory from one of its transactions to the next: only the rebuild
 * writes its shadow collections (it holds their lease), so what it wrote or read stays true until
 * it writes again. A fold reads them without SQL or JSON, and each changed document is written
 * once per transaction, in key order, when the fold is done (`run`).
 *
 * Two generations (Ristretto's and Caffeine's idea of keeping what is used, at the cost of one more
 * map): once the current one grows past its bound it becomes the old one, and the old one is
 * dropped; a document read from the old generation moves back into the current one. So the notes a
 * fold keeps reading (a liked post) outlive a turn, while documents only written (inbox rows) leave
 * after two, instead of everything being dropped and read again from the store each time.
 *
 * It trusts its documents only while the shadow's checkpoint is the one its last `run` ended at:
 * a rollback, a parked event or another process moving the checkpoint makes it start over.
 * Documents are kept as JSON would give them back, frozen: a fold changing a document it read
 * throws instead of changing what a store would hold.
 */
export class RebuildCache {
  private documents = new Map<string, Map<string, ReadDocument | null>>();
  /** The previous generation: read only to move a document back into `documents`. */
  private older = new Map<string, Map<string, ReadDocument | null>>();
  private readonly dirty = new Map<string, Set<string>>();
  /** Per collection, what each search found (by its filter and options): true until the collection is written. */
  private readonly found = new Map<string, Map<string, readonly ReadDocument[]>>();
  /** Collections searched since `takeSearched` (see DeferredIndexes). */
  private searched = new Set<string>();
  /** What the kept documents take, roughly (see approximateSize), and what the remembered searches hold. */
  private size = 0;
  private foundSize = 0;
  /** The checkpoint the documents stand at; `undefined`: none yet. */
  private at: bigint | null | undefined = undefined;

  /** Runs `work` over `tx` (moving the checkpoint from `from` to `to`) through the cache, then writes what it changed into `tx`. */
  async run(
    tx: ReadStoreTransaction,
    from: bigint | null,
    to: bigint,
    work: (cached: ReadStoreTransaction) => Promise<void>,
  ): Promise<void> {
    if (this.at !== from) this.clear();
    this.at = undefined;
    try {
      await work(this.over(tx));
      await this.writeInto(tx);
    } catch (error) {
      this.clear();
      throw error;
    }
    this.at = to;
    if (this.size > MAX_GENERATION_SIZE) this.turnGeneration();
  }

  private over(tx: ReadStoreTransaction): ReadStoreTransaction {
    return {
      get: <T extends ReadDocument>(collection: string, id: string): Promise<T | null> => {
        let cached = this.documents.get(collection)?.get(id);
        if (cached === undefined) cached = this.fromOlder(collection, id); // null is a known deletion
        // Most reads are hits: answered without an async function's extra promise.
        if (cached !== undefined) return Promise.resolve(cached as T | null);
        return tx.get<T>(collection, id).then((stored) => {
          this.keep(collection, id, stored && deepFreeze(stored));
          return stored;
        });
      },
      find: async <T extends ReadDocument>(collection: string, filter?: Filter, options?: FindOptions) => {
        this.searched.add(collection);
        const key = JSON.stringify([filter ?? null, options ?? null]);
        let found = this.found.get(collection);
        const known = found?.get(key);
        if (known) return known.slice() as T[];
        await this.writeInto(tx, collection);
        const documents = (await tx.find<T>(collection, filter, options)).map(deepFreeze);
        if (this.foundSize > MAX_FOUND_SIZE) this.forgetSearches();
        if (!found || found.size >= MAX_SEARCHES || !this.found.has(collection))
          this.found.set(collection, (found = new Map<string, readonly ReadDocument[]>()));
        found.set(key, documents);
        for (const document of documents) this.foundSize += approximateSize(document);
        return documents.slice();
      },
      upsert: async (collection, document) => {
        if (typeof document?.id !== 'string' || document.id === '') return tx.upsert(collection, document);
        this.keep(collection, document.id, frozenJsonCopy(document));
        this.markDirty(collection, document.id);
      },
      delete: async (collection, id) => {
        this.keep(collection, id, null);
        this.markDirty(collection, id);
      },
      dropCollection: async (collection) => {
        this.forget(collection);
        await tx.dropCollection(collection);
      },
      renameCollection: async (from, to) => {
        await this.writeInto(tx);
        this.clear();
        await tx.renameCollection(from, to);
      },
      getCheckpoint: (name) => tx.getCheckpoint(name),
      setCheckpoint: (name, position) => tx.setCheckpoint(name, position),
      deleteCheckpoint: (name) => tx.deleteCheckpoint(name),
    };
  }

  /** Writes the changed documents (of one collection, or all) into `tx`, in key order. */
  private async writeInto(tx: ReadStoreTransaction, only?: string): Promise<void> {
    for (const [collection, ids] of this.dirty) {
      if (only !== undefined && collection !== only) continue;
      this.dirty.delete(collection);
      const documents = this.documents.get(collection)!;
      for (const id of [...ids].sort()) {
        const document = documents.get(id);
        if (document) await tx.upsert(collection, document);
        else await tx.delete(collection, id);
      }
    }
  }

  /** The collections searched since the last call. */
  takeSearched(): Set<string> {
    const searched = this.searched;
    this.searched = new Set();
    return searched;
  }

  private keep(collection: string, id: string, document: ReadDocument | null): void {
    let documents = this.documents.get(collection);
    if (!documents) this.documents.set(collection, (documents = new Map<string, ReadDocument | null>()));
    this.size += approximateSize(document); // a replaced document still counts: the cache starts over a little early
    documents.set(id, document);
  }

  /** A write: what searches of the collection found may no longer hold. */
  private markDirty(collection: string, id: string): void {
    this.found.delete(collection);
    let ids = this.dirty.get(collection);
    if (!ids) this.dirty.set(collection, (ids = new Set()));
    ids.add(id);
  }

  /** A document of the old generation, moved back into the current one; `undefined` when it has none. */
  private fromOlder(collection: string, id: string): ReadDocument | null | undefined {
    const document = this.older.get(collection)?.get(id);
    if (document !== undefined) this.keep(collection, id, document);
    return document;
  }

  /** Every document is written by now (after a commit): the current generation becomes the old one. */
  private turnGeneration(): void {
    this.older = this.documents;
    this.documents = new Map();
    this.size = 0;
  }

  private forgetSearches(): void {
    this.found.clear();
    this.foundSize = 0;
  }

  private forget(collection: string): void {
    this.documents.delete(collection);
    this.older.delete(collection);
    this.dirty.delete(collection);
    this.found.delete(collection);
  }

  private clear(): void {
    this.documents.clear();
    this.older.clear();
    this.dirty.clear();
    this.forgetSearches();
    this.size = 0;
    this.at = undefined;
  }
}

/**
 * What `JSON.parse(JSON.stringify(value))` gives, deep-frozen, without the text in between: plain
 * objects, arrays and JSON's scalars are copied here; anything else (a Date, an object with
 * `toJSON`) takes the JSON road.
 */
export function frozenJsonCopy<T>(value: T): T {
  return copy(value, false) as T;
}

function copy(value: unknown, inArray: boolean): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value + 0 : null; // + 0 turns -0 into 0, as JSON does
    case 'undefined':
    case 'function':
    case 'symbol':
      return inArray ? null : undefined;
    case 'object': {
      if (value === null) return null;
      // Index and for-in loops: no array of keys or callback per object (a rebuild copies every document it writes).
      if (Array.isArray(value) && !('toJSON' in value)) {
        const copied = new Array<unknown>(value.length);
        for (let index = 0; index < value.length; index += 1) copied[index] = copy(value[index], true); // a hole becomes null, as in JSON
        return Object.freeze(copied);
      }
      const prototype = Object.getPrototypeOf(value) as unknown;
      if ((prototype === Object.prototype || prototype === null) && !('toJSON' in value)) {
        const copied: Record<string, unknown> = {};
        for (const key in value) {
          if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
          const field = copy((value as Record<string, unknown>)[key], false);
          if (field !== undefined) copied[key] = field;
        }
        return Object.freeze(copied);
      }
      return deepFreeze(JSON.parse(JSON.stringify(value)) as object);
    }
    default:
      return JSON.parse(JSON.stringify(value)) as unknown; // a bigint: throws as JSON.stringify does
  }
}

/** Its text fields' lengths and a few dozen bytes per other field: enough to bound the cache, cheaper than its JSON. */
function approximateSize(document: ReadDocument | null): number {
  if (!document) return 32;
  let size = 64;
  for (const key in document) {
    const field = document[key];
    size += typeof field === 'string' ? field.length : Array.isArray(field) ? 32 * field.length : 32;
  }
  return size;
}

function deepFreeze<T extends object>(value: T): T {
  for (const field of Object.values(value)) if (typeof field === 'object' && field !== null) deepFreeze(field as object);
  return Object.freeze(value);
}
