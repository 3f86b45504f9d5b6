import type { Projection } from '@app/projections';
import { ProjectionVersions } from '@app/projections';
import type { ReadStore } from '@app/read-store';
import type { SearchIndex } from '@app/search-index';

/**
 * The version of the read models a public read comes from: the checkpoint and code version of each
 * projection writing them, read from the store, so it moves with every batch a projection commits
 * (its documents and checkpoint commit together), in this process or another, and with a rebuild.
 */
export class ReadModelVersions {
  private readonly codeVersions: ProjectionVersions;

  constructor(
    private readonly readStore: ReadStore,
    private readonly projections: readonly Projection[],
    private readonly searchIndex: SearchIndex,
  ) {
    this.codeVersions = new ProjectionVersions(readStore);
  }

  /**
   * The version reader of the read models holding `collections` (and of the search index's live
   * generation, whose checkpoint moves with its documents); throws at once for a collection no projection writes.
   */
  of(collections: readonly string[], options: { searchIndex?: boolean } = {}): () => Promise<string> {
    const names = [
      ...new Set(
        collections.map((collection) => {
          const projection = this.projections.find((candidate) => candidate.collections.includes(collection));
          if (!projection) throw new Error(`No projection writes ${collection}`);
          return projection.name;
        }),
      ),
    ];
    return sharedWithinTurn(async () => {
      const parts = await Promise.all(
        names.map(async (name) => `${await this.readStore.getCheckpoint(name)}@${await this.codeVersions.stored(name)}`),
      );
      if (options.searchIndex) parts.push(`search ${await this.searchIndex.getCheckpoint()}`);
      return parts.join(',');
    });
  }
}

/**
 * One lookup for every caller in the same turn of the event loop: the requests read in one I/O
 * poll share it (under load, a dozen or more; the version reads were a quarter of a public read's
 * CPU). It is still read after each of them arrived, so a reader whose command was answered
 * before it asked sees that command's effect.
 */
export function sharedWithinTurn<T>(lookup: () => Promise<T>): () => Promise<T> {
  let current: Promise<T> | null = null;
  return () => {
    if (!current) {
      current = lookup();
      setImmediate(() => (current = null));
    }
    return current;
  };
}
