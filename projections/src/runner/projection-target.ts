import type { BatchTarget } from './apply-batch';
import type { BatchResult, FailurePolicy } from './isolate-failures';
import type { RebuildOptions, RebuildOutcome } from './rebuild-projection';
import type { ParkedEventResolver } from './resolve-parked';

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
