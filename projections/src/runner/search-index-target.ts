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
import type { RebuildOptions, RebuildOutcome } from './rebuild-projection';

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
 * version), builds it from its checkpoint and catches up with `$all`, then `promoteShadow` makes
 * its documents AND its checkpoint live in one switch (searches see the old documents until then),
 * and the version is recorded. The index and the read store are two stores: the lease is checked
 * right before the switch, and a crash between the switch and the record only makes the next start
 * rebuild once more: harmless.
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
  try {
    if (!acquired.resume) {
      await index.resetShadow();
      await readStore.transaction((tx) => dropParkedEvents(tx, shadowCheckpoint));
      await lease.prepared();
    }
    let processed = 0;
    for (;;) {
      if (options.isCancelled?.()) return { outcome: 'cancelled' };
      // Every batch renews the lease first: a holder that lost it writes nothing more.
      await readStore.transaction((tx) => lease.guard(tx));
      const { read, checkpoint } = await applyNextSearchBatch(eventStore, index, projection, 'shadow', batchSize, {
        readStore,
        policy: options.failures,
      });
      processed += read;
      options.onProgress?.(processed);
      if (read > 0) continue;
      await readStore.transaction((tx) => lease.guard(tx));
      if ((await index.getCheckpoint('shadow')) !== checkpoint) continue;
      await index.promoteShadow();
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
