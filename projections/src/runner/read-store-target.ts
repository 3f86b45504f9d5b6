import type { EventStore } from '@app/event-store';
import type { ReadStore } from '@app/read-store';
import type { Projection } from '../projection';
import { applyNextBatch } from './apply-batch';
import type { ProjectionTarget } from './projection-target';
import { ProjectionVersions } from './projection-versions';
import { ensureIndexes, rebuildProjection } from './rebuild-projection';
import { readStoreParkedResolver } from './resolve-parked';

/** A projection whose documents and checkpoint live in the read store (reactors run as reactor targets). */
export function readStoreTarget(eventStore: EventStore, readStore: ReadStore, projection: Projection): ProjectionTarget {
  const versions = new ProjectionVersions(readStore);
  const live = { projection, checkpointName: projection.name, collectionSuffix: '' };
  return {
    name: projection.name,
    version: projection.version,
    rebuildable: true,
    shared: live,
    prepare: () => ensureIndexes(readStore, projection, ''),
    checkpoint: () => readStore.getCheckpoint(projection.name),
    isOutdated: async () => (await versions.stored(projection.name)) !== projection.version,
    applyNextBatch: (batchSize, failures) => applyNextBatch(eventStore, readStore, live, batchSize, failures),
    rebuild: (options) => rebuildProjection(eventStore, readStore, projection, options),
    parked: readStoreParkedResolver(eventStore, readStore, projection),
  };
}
