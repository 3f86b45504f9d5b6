import type { EventStore } from '@app/event-store';
import type { ReadStore } from '@app/read-store';
import type { SearchIndex } from '@app/search-index';
import type { SearchIndexProjection } from '../projection';
import { applyNextSearchBatch } from './apply-search-batch';
import type { ProjectionTarget } from './projection-target';
import { ProjectionVersions } from './projection-versions';
import type { RebuildOptions } from './rebuild-projection';

/**
 * The search projection: documents and checkpoint in the SearchIndex (its live generation), the
 * code version beside the other projections' versions in the read store.
 */
export function searchIndexTarget(
  eventStore: EventStore,
  readStore: ReadStore,
  index: SearchIndex,
  projection: SearchIndexProjection,
): ProjectionTarget {
  const versions = new ProjectionVersions(readStore);
  return {
    name: projection.name,
    version: projection.version,
    rebuildable: true,
    prepare: async () => undefined,
    checkpoint: () => index.getCheckpoint('live'),
    isOutdated: async () => (await versions.stored(projection.name)) !== projection.version,
    applyNextBatch: (batchSize) => applyNextSearchBatch(eventStore, index, projection, 'live', batchSize),
    rebuild: (options) => rebuildSearchIndex(eventStore, readStore, index, projection, options),
  };
}

/**
 * Blue-green rebuild of the search index: empties the shadow generation, builds it from position 0
 * and catches up with `$all`, then `promoteShadow` makes its documents AND its checkpoint live in
 * one switch (searches see the old documents until then), and the version is recorded. A crash
 * between the switch and the record only makes the next start rebuild once more: harmless.
 */
export async function rebuildSearchIndex(
  eventStore: EventStore,
  readStore: ReadStore,
  index: SearchIndex,
  projection: SearchIndexProjection,
  options: RebuildOptions = {},
): Promise<void> {
  const batchSize = options.batchSize ?? 500;
  await index.resetShadow();
  let processed = 0;
  for (;;) {
    if (options.isCancelled?.()) return;
    const { read } = await applyNextSearchBatch(eventStore, index, projection, 'shadow', batchSize);
    processed += read;
    options.onProgress?.(processed);
    if (read === 0) break;
  }
  await index.promoteShadow();
  const versions = new ProjectionVersions(readStore);
  await readStore.transaction((tx) => versions.record(tx, projection.name, projection.version));
}
