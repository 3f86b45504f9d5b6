import type { ReadDocument, ReadStore } from './read-store.port';
import { SharedWithinTurn } from './shared-within-turn';

/**
 * Documents of one collection, absent ones included, kept in memory for as long as the
 * collection's change version stays the same. A lookup repeated from request to request (the
 * session's account, a reader's like of the post they read) then costs a version read shared by
 * every lookup of the same turn of the event loop, instead of a read and a parse each. Any write
 * to the collection, by any process, empties it: it helps collections read far more often than
 * written. The documents it returns are frozen: they are shared by every caller.
 */
export class CollectionCache<T extends ReadDocument> {
  private version: string | null = null;
  private readonly documents = new Map<string, Readonly<T> | null>();
  private readonly versions = new SharedWithinTurn<string>();

  constructor(
    private readonly store: Pick<ReadStore, 'get' | 'changeVersions'>,
    private readonly collection: string,
    private readonly maxEntries = 10_000,
  ) {}

  async get(id: string): Promise<Readonly<T> | null> {
    // Read before the document, so a kept document is of this version or newer, never older.
    const version = await this.versions.get(this.collection, async () => {
      const [current] = await this.store.changeVersions([{ collection: this.collection }]);
      return current;
    });
    if (version !== this.version) {
      this.version = version;
      this.documents.clear();
    }
    const kept = this.documents.get(id);
    if (kept !== undefined) return kept;
    const document = await this.store.get<T>(this.collection, id);
    const frozen = document && Object.freeze(document);
    // Another lookup may have seen a newer version meanwhile: this document may be older than it.
    if (this.version === version) {
      if (this.documents.size >= this.maxEntries) this.documents.delete(this.documents.keys().next().value!);
      this.documents.set(id, frozen);
    }
    return frozen;
  }
}
