import type { ChangeScope, ReadStore } from '@app/read-store';
import type { SearchIndex } from '@app/search-index';

/**
 * The version of what a public read comes from: the read store's change versions of its scopes
 * (a collection, or one document of it), which move in the same transaction as the documents,
 * in this process or another, and only when those documents change (a like on one post leaves
 * another post's version alone); and the search index's checkpoint, which moves with its documents.
 */
export class ReadModelVersions {
  private readonly lookups = new SharedWithinTurn<string>();

  constructor(
    private readonly readStore: ReadStore,
    private readonly searchIndex: SearchIndex,
  ) {}

  of(scopes: readonly ChangeScope[], options: { searchIndex?: boolean } = {}): Promise<string> {
    const key = `${JSON.stringify(scopes)}${options.searchIndex ? ' search' : ''}`;
    return this.lookups.get(key, async () => {
      const versions = await this.readStore.changeVersions(scopes);
      if (options.searchIndex) versions.push(`search ${await this.searchIndex.getCheckpoint()}`);
      return versions.join(',');
    });
  }
}

/**
 * One lookup per key for every caller in the same turn of the event loop: the requests read in
 * one I/O poll share it (under load, a dozen or more; the version reads were a quarter of a
 * public read's CPU). It is still read after each of them arrived, so a reader whose command was
 * answered before it asked sees that command's effect.
 */
export class SharedWithinTurn<T> {
  private current = new Map<string, Promise<T>>();

  get(key: string, lookup: () => Promise<T>): Promise<T> {
    let found = this.current.get(key);
    if (!found) {
      if (this.current.size === 0) setImmediate(() => this.current.clear());
      found = lookup();
      this.current.set(key, found);
    }
    return found;
  }
}
