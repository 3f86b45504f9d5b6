import type { EventStore } from '@app/event-store';
import type { ReadStore } from '@app/read-store';
import type { Projection } from '../projection';
import { applyNextBatch, type BatchTarget } from './apply-batch';
import type { FailurePolicy } from './isolate-failures';
import { REBUILD_SUFFIX } from './namespaced-transaction';
import { dropParkedEvents, switchParkedEvents } from './parked-events';
import { ProjectionVersions } from './projection-versions';
import { RebuildCache } from './rebuild-cache';
import { DeferredIndexes } from './deferred-indexes';
import { RebuildLease, RebuildLeaseLost, type RebuildLeaseOptions } from './rebuild-lease';

export interface RebuildOptions {
  batchSize?: number;
  isCancelled?: () => boolean;
  onProgress?: (processed: number) => void;
  /** Who holds the rebuild's lease and for how long (see RebuildLease). */
  lease?: RebuildLeaseOptions;
  /** How an event the projection throws on is retried, then parked. */
  failures?: FailurePolicy;
  /**
   * Runs the final catch-up and the switch with this process's live run of the projection paused
   * (the runner passes the lock its live loop takes around each batch), so the shadow overtakes a
   * live checkpoint that holds still. Default: no pause (a CLI rebuild; see `switchWhenAhead`).
   */
  exclusive?: <T>(work: () => Promise<T>) => Promise<T>;
}

const unpaused = <T>(work: () => Promise<T>): Promise<T> => work();

/**
 * - `switched`: the rebuilt documents are live;
 * - `cancelled`: stopped on request, the shadow kept for the next rebuild to resume;
 * - `busy`: another process holds the lease (or took it over): it rebuilds, not us.
 */
export type RebuildOutcome = { outcome: 'switched' | 'cancelled' } | { outcome: 'busy'; owner?: string; expiresAt?: Date };

/**
 * Blue-green rebuild: builds the projection into shadow collections from position 0 while the
 * live collections keep being served AND kept up to date by the live run (the runner's loop goes
 * on applying new events to them with the running code). Once the shadow reached the head, the
 * live run is paused (`exclusive`), the shadow applies what the live run applied meanwhile, and in
 * one transaction it replaces the live collections, its checkpoint becomes the live one and the
 * version is recorded. The switch happens only when the shadow is at or past the live checkpoint,
 * so it never moves the live checkpoint back: a command that saw its position applied keeps
 * seeing its effect. One process at a time holds the rebuild's lease; a rebuild interrupted (an
 * error, a cancel, a killed process) resumes from the shadow's checkpoint rather than from 0, and
 * the switch happens only from a shadow whose checkpoint is the one this rebuild saw caught up,
 * under a lease it still holds.
 */
export function rebuildProjection(
  eventStore: EventStore,
  readStore: ReadStore,
  projection: Projection,
  options: RebuildOptions = {},
): Promise<RebuildOutcome> {
  const rebuild = () => rebuildTuned(eventStore, readStore, projection, options);
  return readStore.duringBulkWrites ? readStore.duringBulkWrites(rebuild) : rebuild();
}

async function rebuildTuned(
  eventStore: EventStore,
  readStore: ReadStore,
  projection: Projection,
  options: RebuildOptions,
): Promise<RebuildOutcome> {
  const batchSize = options.batchSize ?? 500;
  const lease = new RebuildLease(readStore, projection.name, projection.version, options.lease);
  const cache = new RebuildCache();
  const shadow: BatchTarget = {
    projection,
    checkpointName: projection.name + REBUILD_SUFFIX,
    collectionSuffix: REBUILD_SUFFIX,
    guard: (tx) => lease.guard(tx),
    cache,
  };
  const acquired = await lease.acquire(async (tx) => {
    for (const collection of projection.collections) await tx.dropCollection(collection + REBUILD_SUFFIX);
    await tx.setCheckpoint(shadow.checkpointName, null);
    await dropParkedEvents(tx, shadow.checkpointName);
  });
  if (!acquired.taken) return { outcome: 'busy', owner: acquired.owner, expiresAt: acquired.expiresAt };
  const indexes = new DeferredIndexes(readStore, projection, REBUILD_SUFFIX);

  const versions = new ProjectionVersions(readStore);
  const exclusive = options.exclusive ?? unpaused;
  let processed = 0;
  const nextBatch = async () => {
    await yieldToLiveWork();
    await indexes.ensure(cache.takeSearched());
    const batch = await applyNextBatch(eventStore, readStore, shadow, batchSize, options.failures);
    processed += batch.read;
    options.onProgress?.(processed);
    return batch;
  };
  try {
    for (;;) {
      if (options.isCancelled?.()) return { outcome: 'cancelled' };
      if ((await nextBatch()).read > 0) continue;
      await indexes.ensureAll();
      const switched = await exclusive(async () => {
        // The live run holds still (in this process): the shadow overtakes what it applied meanwhile.
        const live = await readStore.getCheckpoint(projection.name);
        let checkpoint = await readStore.getCheckpoint(shadow.checkpointName);
        while (isBehind(checkpoint, live)) {
          const batch = await nextBatch();
          if (batch.read === 0) break;
          checkpoint = batch.checkpoint;
        }
        return readStore.transaction(async (tx) => {
          await lease.guard(tx);
          // Only the shadow this rebuild saw caught up: never one reset or still building.
          if ((await tx.getCheckpoint(shadow.checkpointName)) !== checkpoint) return false;
          // Never behind the live run (of another process, too): the live checkpoint would move back.
          if (isBehind(checkpoint, await tx.getCheckpoint(projection.name))) return false;
          for (const collection of projection.collections) await tx.renameCollection(collection + REBUILD_SUFFIX, collection);
          await tx.setCheckpoint(projection.name, checkpoint);
          await tx.deleteCheckpoint(shadow.checkpointName);
          await switchParkedEvents(tx, projection.name, shadow.checkpointName);
          await versions.record(tx, projection.name, projection.version);
          await lease.release(tx);
          return true;
        });
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

/**
 * The embedded stores answer synchronously, so a rebuild's chain of awaits would never let the
 * event loop take in I/O: between two batches, requests and the live loops get their turn.
 */
export function yieldToLiveWork(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** `checkpoint` has not reached `other` (null: nothing applied yet). */
export function isBehind(checkpoint: bigint | null, other: bigint | null): boolean {
  return other !== null && (checkpoint === null || checkpoint < other);
}

export async function ensureIndexes(readStore: ReadStore, projection: Projection, suffix: string): Promise<void> {
  for (const [collection, indexes] of Object.entries(projection.indexes ?? {})) {
    await readStore.ensureIndexes(collection + suffix, indexes);
  }
}
