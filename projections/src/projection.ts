import type { RecordedEvent } from '@app/event-store';
import type { ReadStoreTransaction } from '@app/read-store';
import type { SearchIndexBatch } from '@app/search-index';
import type { OpenedPersonalData } from './opened-personal-data';

/**
 * A projection folds events of `$all` into read-model documents.
 * The runner calls `apply` for each event whose type is in `handles`, inside a read-store
 * transaction that also moves the projection's checkpoint: each event is applied exactly once.
 * `apply` must be deterministic (no clock, no I/O but `tx`), so a rebuild gives the same documents.
 * What it needs from elsewhere (the keys of the personal data its events carry) its `prefetch`
 * reads for the whole batch before the transaction (docs/decisions.md, "Outage is not poison").
 * An error thrown by `apply` is the event's (poison: retried, then parked); an error of `tx`, of
 * `prefetch`, of reading the log or of the commit is an outage (retried without end, nothing skipped).
 * Collection names used through `tx` are the logical names of `collections`; the runner maps
 * them to the physical collections of the live or the rebuilding version.
 */
export interface Projection<Name extends string = string> {
  name: Name;
  /** Bump when the documents' shape changes: the runner rebuilds from position 0. */
  version: number;
  /**
   * A reactor has side effects (it enqueues jobs) instead of documents: it is only ever resumed
   * from its checkpoint, never rebuilt from position 0. See `Reactor`.
   */
  reactor?: true;
  collections: readonly string[];
  handles: readonly string[];
  /** Per logical collection, the indexes its queries need. */
  indexes?: Readonly<Record<string, readonly (readonly string[])[]>>;
  /** Reads, before the batch's transaction, what `apply` needs beyond `tx`: the keys of the accounts the events name. */
  prefetch?(events: readonly RecordedEvent[]): Promise<OpenedPersonalData>;
  /** `personal`: what `prefetch` read for this batch (`OpenedPersonalData.none` without one). */
  apply(event: RecordedEvent, tx: ReadStoreTransaction, personal: OpenedPersonalData): Promise<void>;
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

/**
 * A reactor: side effects for events (it enqueues jobs), listed with the projections but run by
 * the reactor target (runner/reactor-target.ts) OUTSIDE any read-store transaction: it reads the
 * batch, calls `apply` for each event it handles, then moves its checkpoint on its own. `apply`
 * must be idempotent (job id = event id): an outage replays it. An error means "not now" (a
 * dependency is away: the reactor holds its place and retries without end), unless it is a
 * `PoisonEvent` ("never": the event is parked for an operator).
 */
export interface Reactor extends Omit<Projection, 'apply' | 'reactor' | 'collections'> {
  reactor: true;
  collections: readonly [];
  apply(event: RecordedEvent): Promise<void>;
}

export function isReactor(projection: Projection | Reactor): projection is Reactor {
  return projection.reactor === true;
}

/** Thrown by a reactor for an event that fails the same way on a healthy system: it is parked, the reactor goes on. */
export class PoisonEvent extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PoisonEvent';
  }
}

/** Runs what a reactor computes from the event alone (no I/O): a failure there is the same on every retry, so poison. */
export function poisonIfThrows<T>(compute: () => T): T {
  try {
    return compute();
  } catch (error) {
    throw new PoisonEvent(error instanceof Error ? error.message : String(error), { cause: error });
  }
}
