import type { ReadStore } from '@app/read-store';
import type { Projection } from '../projection';

/**
 * The indexes of a rebuild's shadow collections, built only when needed: once the fold first
 * searches a collection (after the batch that did, which searched it without them), and for the
 * rest before the switch. Loading a table with no index to keep up, then indexing it in one go,
 * costs less than updating its indexes row by row (the inbox's two JSON expression indexes).
 */
export class DeferredIndexes {
  private readonly pending: Map<string, readonly (readonly string[])[]>;

  constructor(
    private readonly readStore: ReadStore,
    projection: Projection,
    suffix: string,
  ) {
    this.pending = new Map(Object.entries(projection.indexes ?? {}).map(([collection, indexes]) => [collection + suffix, indexes]));
  }

  /** Builds the indexes of these (physical) collections, if not yet built. */
  async ensure(collections: Iterable<string>): Promise<void> {
    for (const collection of collections) {
      const indexes = this.pending.get(collection);
      if (!indexes) continue;
      await this.readStore.ensureIndexes(collection, indexes);
      this.pending.delete(collection);
    }
  }

  ensureAll(): Promise<void> {
    return this.ensure([...this.pending.keys()]);
  }
}
