import type { EventStore } from '@app/event-store';
import type { ReadStore } from '@app/read-store';
import type { Projection } from '../projection';
import { applyNextBatch, type BatchTarget } from './apply-batch';
import { REBUILD_SUFFIX } from './namespaced-transaction';
import { ProjectionVersions } from './projection-versions';

export interface RebuildOptions {
  batchSize?: number;
  isCancelled?: () => boolean;
  onProgress?: (processed: number) => void;
}

/**
 * Blue-green rebuild: builds the projection from position 0 into shadow collections, catches up
 * with `$all`, then in one transaction replaces the live collections, moves the live checkpoint
 * and records the version. Readers see the old documents until that instant.
 */
export async function rebuildProjection(
  eventStore: EventStore,
  readStore: ReadStore,
  projection: Projection,
  options: RebuildOptions = {},
): Promise<void> {
  const batchSize = options.batchSize ?? 500;
  const target: BatchTarget = { projection, checkpointName: projection.name + REBUILD_SUFFIX, collectionSuffix: REBUILD_SUFFIX };
  await readStore.transaction(async (tx) => {
    for (const collection of projection.collections) await tx.dropCollection(collection + REBUILD_SUFFIX);
    await tx.setCheckpoint(target.checkpointName, null);
  });
  await ensureIndexes(readStore, projection, REBUILD_SUFFIX);
  let processed = 0;
  for (;;) {
    if (options.isCancelled?.()) return;
    const { read } = await applyNextBatch(eventStore, readStore, target, batchSize);
    processed += read;
    options.onProgress?.(processed);
    if (read === 0) break;
  }
  const versions = new ProjectionVersions(readStore);
  await readStore.transaction(async (tx) => {
    const rebuilt = await tx.getCheckpoint(target.checkpointName);
    for (const collection of projection.collections) await tx.renameCollection(collection + REBUILD_SUFFIX, collection);
    await tx.setCheckpoint(projection.name, rebuilt);
    await tx.deleteCheckpoint(target.checkpointName);
    await versions.record(tx, projection.name, projection.version);
  });
  await ensureIndexes(readStore, projection, '');
}

export async function ensureIndexes(readStore: ReadStore, projection: Projection, suffix: string): Promise<void> {
  for (const [collection, indexes] of Object.entries(projection.indexes ?? {})) {
    await readStore.ensureIndexes(collection + suffix, indexes);
  }
}
