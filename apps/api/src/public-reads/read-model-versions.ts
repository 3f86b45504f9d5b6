import { SharedWithinTurn, type ChangeScope, type ReadStore } from '@app/read-store';
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
