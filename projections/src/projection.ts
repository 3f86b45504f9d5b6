import type { RecordedEvent } from '@app/event-store';
import type { ReadStoreTransaction } from '@app/read-store';
import type { SearchIndexBatch } from '@app/search-index';

/**
 * A projection folds events of `$all` into read-model documents.
 * The runner calls `apply` for each event whose type is in `handles`, inside a read-store
 * transaction that also moves the projection's checkpoint: each event is applied exactly once.
 * `apply` must be deterministic (no clock, no I/O but `tx`), so a rebuild gives the same documents.
 * Collection names used through `tx` are the logical names of `collections`; the runner maps
 * them to the physical collections of the live or the rebuilding version.
 */
export interface Projection<Name extends string = string> {
  name: Name;
  /** Bump when the documents' shape changes: the runner rebuilds from position 0. */
  version: number;
  /**
   * A reactor has side effects (it enqueues jobs) instead of documents: it is only ever resumed
   * from its checkpoint, never rebuilt from position 0.
   */
  reactor?: true;
  collections: readonly string[];
  handles: readonly string[];
  /** Per logical collection, the indexes its queries need. */
  indexes?: Readonly<Record<string, readonly (readonly string[])[]>>;
  apply(event: RecordedEvent, tx: ReadStoreTransaction): Promise<void>;
}

/**
 * A projection whose documents AND checkpoint live in the SearchIndex, not in the read store: the
 * runner applies each batch through `SearchIndex.applyBatch`, which stores the writes and moves the
 * checkpoint in one atomic compare-and-set. Same rules as `Projection.apply`: deterministic, no
 * clock, no I/O but `batch`.
 */
export interface SearchIndexProjection {
  name: string;
  /** Bump when the documents' shape changes: the runner rebuilds the index blue-green from position 0. */
  version: number;
  handles: readonly string[];
  apply(event: RecordedEvent, batch: SearchIndexBatch): Promise<void>;
}
