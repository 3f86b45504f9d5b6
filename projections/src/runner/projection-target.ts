import type { EventStore } from '@app/event-store';
import type { ReadStore } from '@app/read-store';
import type { SearchIndex } from '@app/search-index';
import { isReactor, type Projection, type SearchIndexProjection } from '../projection';
import type { BatchTarget } from './apply-batch';
import type { BatchResult, FailurePolicy } from './isolate-failures';
import type { RebuildOptions, RebuildOutcome } from './rebuild-projection';
import type { ParkedEventResolver } from './resolve-parked';
import { reactorTarget } from './reactor-target';
import { readStoreTarget } from './read-store-target';
import { searchIndexTarget } from './search-index-target';

/**
 * One checkpointed projection as the runner and the CLI drive it, whatever holds its documents
 * and checkpoint (the read store, or the SearchIndex). Every implementation keeps the same
 * guarantees: a batch's documents and its checkpoint move together or not at all (compare-and-set
 * on the checkpoint), and a rebuild is blue-green (readers see the old documents until one switch).
 */
export interface ProjectionTarget {
  readonly name: string;
  readonly version: number;
  /** False for reactors: their side effects must not happen twice, so they only resume from their checkpoint. */
  readonly rebuildable: boolean;
  /** Creates what the live documents need (indexes) before the first batch. */
  prepare(): Promise<void>;
  /** The live checkpoint, read from the store that holds it (so it is right when another process projects). */
  checkpoint(): Promise<bigint | null>;
  /** The code version differs from the one that built the live documents: a rebuild is due. */
  isOutdated(): Promise<boolean>;
  /**
   * The live run as a member of a shared log read (SharedLogRead): set for read-store projections,
   * absent for reactors (their side effects must not run for a batch a neighbour rolls back) and
   * for targets that keep their documents elsewhere.
   */
  readonly shared?: BatchTarget;
  /** Applies the next events after the live checkpoint, parking one it keeps failing on; `read` 0 means caught up. */
  applyNextBatch(batchSize: number, failures?: FailurePolicy): Promise<BatchResult>;
  /** Builds beside the live documents (resuming an interrupted rebuild), then switches and records the version. */
  rebuild(options?: RebuildOptions): Promise<RebuildOutcome>;
  /** Retries or skips the events the live run parked. */
  readonly parked: ParkedEventResolver;
}

/** The search projection with the index that holds its documents and checkpoint. */
export interface SearchTargetConfig {
  index: SearchIndex;
  projection: SearchIndexProjection;
}

/** Every target the site runs: the read-store projections, the reactors (side effects outside the read store's transactions), and the search projection when given. */
export function createProjectionTargets(
  eventStore: EventStore,
  readStore: ReadStore,
  projections: readonly Projection[],
  search?: SearchTargetConfig,
): ProjectionTarget[] {
  const targets = projections.map((projection) =>
    isReactor(projection) ? reactorTarget(eventStore, readStore, projection) : readStoreTarget(eventStore, readStore, projection),
  );
  if (search) targets.push(searchIndexTarget(eventStore, readStore, search.index, search.projection));
  return targets;
}
