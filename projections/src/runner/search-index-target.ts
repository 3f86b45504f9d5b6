import type { EventStore } from '@app/event-store';
import type { ReadStore } from '@app/read-store';
import type { SearchIndex } from '@app/search-index';
import type { SearchIndexProjection } from '../projection';
import { applyNextSearchBatch, searchCheckpointName } from './apply-search-batch';
import { dropParkedEvents, switchParkedEvents } from './parked-events';
import { RebuildLease, RebuildLeaseLost } from './rebuild-lease';
import { searchParkedResolver } from './resolve-parked';
import type { ProjectionTarget } from './projection-target';
import { ProjectionVersions } from './projection-versions';
import { isBehind, yieldToLiveWork, type RebuildOptions, type RebuildOutcome } from './rebuild-projection';

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
    applyNextBatch: (batchSize, failures) =>
      applyNextSearchBatch(eventStore, index, projection, 'live', batchSize, { readStore, policy: failures }),
    rebuild: (options) => rebuildSearchIndex(eventStore, readStore, index, projection, options),
    parked: searchParkedResolver(eventStore, readStore, index, projection),
  };
}

/**
 * Blue-green rebuild of the search index: under the projection's rebuild lease (see
 * RebuildLease), empties the shadow generation (or resumes it, when it was prepared for this
 * version) and builds it from its checkpoint while the live generation keeps being served and
 * kept up to date by the live run. Once the shadow reached the head, the live run is paused
 * (`exclusive`), the shadow applies what the live run applied meanwhile, and `promoteShadow` makes
 * its documents AND its checkpoint live in one switch (searches see the old documents until then),
 * never from a shadow behind the live checkpoint; then the version is recorded. The index and the
 * read store are two stores: the lease is checked right before the switch, and a crash between the
 * switch and the record only makes the next start rebuild once more: harmless. The index has one
 * writer per generation (see SearchIndex): the live run of another process is not paused, so a
 * rebuild of the search index belongs to the process that runs it live (the API's runner).
 */
export async function rebuildSearchIndex(
  eventStore: EventStore,
  readStore: ReadStore,
  index: SearchIndex,
  projection: SearchIndexProjection,
  options: RebuildOptions = {},
): Promise<RebuildOutcome> {
  const batchSize = options.batchSize ?? 500;
  const lease = new RebuildLease(readStore, projection.name, projection.version, options.lease);
  const shadowCheckpoint = searchCheckpointName(projection, 'shadow');
  const acquired = await lease.acquire();
  if (!acquired.taken) return { outcome: 'busy', owner: acquired.owner, expiresAt: acquired.expiresAt };
  const versions = new ProjectionVersions(readStore);
  const exclusive = options.exclusive ?? (<T>(work: () => Promise<T>) => work());
  let processed = 0;
  const nextBatch = async () => {
    await yieldToLiveWork();
    // Every batch renews the lease first: a holder that lost it writes nothing more.
    await readStore.transaction((tx) => lease.guard(tx));
    const batch = await applyNextSearchBatch(eventStore, index, projection, 'shadow', batchSize, { readStore, policy: options.failures });
    processed += batch.read;
    options.onProgress?.(processed);
    return batch;
  };
  try {
    if (!acquired.resume) {
      await index.resetShadow();
      await readStore.transaction((tx) => dropParkedEvents(tx, shadowCheckpoint));
      await lease.prepared();
    }
    for (;;) {
      if (options.isCancelled?.()) return { outcome: 'cancelled' };
      const { read, checkpoint } = await nextBatch();
      if (read > 0) continue;
      const switched = await exclusive(async () => {
        const live = await index.getCheckpoint('live');
        let caughtUp = checkpoint;
        while (isBehind(caughtUp, live)) {
          const batch = await nextBatch();
          if (batch.read === 0) break;
          caughtUp = batch.checkpoint;
        }
        await readStore.transaction((tx) => lease.guard(tx));
        if ((await index.getCheckpoint('shadow')) !== caughtUp || isBehind(caughtUp, await index.getCheckpoint('live'))) return false;
        await index.promoteShadow();
        return true;
      });
      if (!switched) continue;
      await readStore.transaction(async (tx) => {
        await switchParkedEvents(tx, projection.name, shadowCheckpoint);
        await versions.record(tx, projection.name, projection.version);
        await lease.release(tx);
      });
      return { outcome: 'switched' };
    }
  } catch (error) {
    if (error instanceof RebuildLeaseLost) return { outcome: 'busy' };
    throw error;
  }
}
