import type { Projection } from '@app/projections';
import { ProjectionVersions } from '@app/projections';
import type { ReadStore } from '@app/read-store';

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
  ) {
    this.codeVersions = new ProjectionVersions(readStore);
  }

  /** The version reader of the read models holding `collections`; throws at once for a collection no projection writes. */
  of(collections: readonly string[]): () => Promise<string> {
    const names = [
      ...new Set(
        collections.map((collection) => {
          const projection = this.projections.find((candidate) => candidate.collections.includes(collection));
          if (!projection) throw new Error(`No projection writes ${collection}`);
          return projection.name;
        }),
      ),
    ];
    return async () => {
      const parts = await Promise.all(
        names.map(async (name) => `${await this.readStore.getCheckpoint(name)}@${await this.codeVersions.stored(name)}`),
      );
      return parts.join(',');
    };
  }
}
