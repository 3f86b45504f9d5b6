import type { EventStore } from '@app/event-store';
import type { ReadStore } from '@app/read-store';
import type { Projection } from '../projection';
import { applyNextBatch, type BatchTarget } from './apply-batch';
import type { FailurePolicy } from './isolate-failures';
import { REBUILD_SUFFIX } from './namespaced-transaction';
import { dropParkedEvents, switchParkedEvents } from './parked-events';
import { ProjectionVersions } from './projection-versions';
import { RebuildLease, RebuildLeaseLost, type RebuildLeaseOptions } from './rebuild-lease';

export interface RebuildOptions {
  batchSize?: number;
  isCancelled?: () => boolean;
  onProgress?: (processed: number) => void;
  /** Who holds the rebuild's lease and for how long (see RebuildLease). */
  lease?: RebuildLeaseOptions;
  /** How an event the projection throws on is retried, then parked. */
  failures?: FailurePolicy;
}

/**
 * - `switched`: the rebuilt documents are live;
 * - `cancelled`: stopped on request, the shadow kept for the next rebuild to resume;
 * - `busy`: another process holds the lease (or took it over): it rebuilds, not us.
 */
export type RebuildOutcome = { outcome: 'switched' | 'cancelled' } | { outcome: 'busy'; owner?: string; expiresAt?: Date };

/**
 * Blue-green rebuild: builds the projection into shadow collections, catches up with `$all`,
 * then in one transaction replaces the live collections, moves the live checkpoint and records
 * the version. Readers see the old documents until that instant. One process at a time holds the
 * rebuild's lease; a rebuild interrupted (an error, a cancel, a killed process) resumes from the
 * shadow's checkpoint rather than from 0, and the switch happens only from a shadow whose
 * checkpoint is the one this rebuild saw caught up, under a lease it still holds.
 */
export async function rebuildProjection(
  eventStore: EventStore,
  readStore: ReadStore,
  projection: Projection,
  options: RebuildOptions = {},
): Promise<RebuildOutcome> {
  const batchSize = options.batchSize ?? 500;
  const lease = new RebuildLease(readStore, projection.name, projection.version, options.lease);
  const shadow: BatchTarget = {
    projection,
    checkpointName: projection.name + REBUILD_SUFFIX,
    collectionSuffix: REBUILD_SUFFIX,
    guard: (tx) => lease.guard(tx),
  };
  const acquired = await lease.acquire(async (tx) => {
    for (const collection of projection.collections) await tx.dropCollection(collection + REBUILD_SUFFIX);
    await tx.setCheckpoint(shadow.checkpointName, null);
    await dropParkedEvents(tx, shadow.checkpointName);
  });
  if (!acquired.taken) return { outcome: 'busy', owner: acquired.owner, expiresAt: acquired.expiresAt };
  await ensureIndexes(readStore, projection, REBUILD_SUFFIX);

  const versions = new ProjectionVersions(readStore);
  let processed = 0;
  try {
    for (;;) {
      if (options.isCancelled?.()) return { outcome: 'cancelled' };
      const { read, checkpoint } = await applyNextBatch(eventStore, readStore, shadow, batchSize, options.failures);
      processed += read;
      options.onProgress?.(processed);
      if (read > 0) continue;
      const switched = await readStore.transaction(async (tx) => {
        await lease.guard(tx);
        // Only the shadow this rebuild saw caught up: never one reset or still building.
        if ((await tx.getCheckpoint(shadow.checkpointName)) !== checkpoint) return false;
        for (const collection of projection.collections) await tx.renameCollection(collection + REBUILD_SUFFIX, collection);
        await tx.setCheckpoint(projection.name, checkpoint);
        await tx.deleteCheckpoint(shadow.checkpointName);
        await switchParkedEvents(tx, projection.name, shadow.checkpointName);
        await versions.record(tx, projection.name, projection.version);
        await lease.release(tx);
        return true;
      });
      if (switched) break;
    }
  } catch (error) {
    if (error instanceof RebuildLeaseLost) return { outcome: 'busy' };
    throw error;
  }
  await ensureIndexes(readStore, projection, '');
  return { outcome: 'switched' };
}

export async function ensureIndexes(readStore: ReadStore, projection: Projection, suffix: string): Promise<void> {
  for (const [collection, indexes] of Object.entries(projection.indexes ?? {})) {
    await readStore.ensureIndexes(collection + suffix, indexes);
  }
}
