import type { EventStore, RecordedEvent } from '@app/event-store';
import type { ReadStore, ReadStoreTransaction } from '@app/read-store';
import { OpenedPersonalData } from '../opened-personal-data';
import type { Projection } from '../projection';
import { applyIsolatingFailures, foldHandled, type BatchResult, type BatchSink, type FailurePolicy } from './isolate-failures';
import { namespacedTransaction } from './namespaced-transaction';
import { PARKED_EVENTS_COLLECTION, type ParkedEvent } from './parked-events';
import type { RebuildCache } from './rebuild-cache';

export type { BatchResult } from './isolate-failures';

export interface BatchTarget {
  projection: Projection;
  /** The checkpoint this run owns: the projection's name, or its rebuild's. */
  checkpointName: string;
  /** Appended to every collection name: '' for live, REBUILD_SUFFIX for a rebuild. */
  collectionSuffix: string;
  /** Checked inside every transaction of the run (a rebuild's lease); throws to write nothing. */
  guard?: (tx: ReadStoreTransaction) => Promise<void>;
  /** A rebuild's documents kept from one of its transactions to the next (see RebuildCache). */
  cache?: RebuildCache;
}

/**
 * Reads the next events after the target's checkpoint and applies them in ONE read-store
 * transaction that also moves the checkpoint: a crash at any point leaves either the whole batch
 * applied with its checkpoint, or nothing. The checkpoint is re-read inside the transaction; if
 * someone moved it meanwhile (another process, a finished rebuild), the batch is dropped and the
 * caller simply runs again from the new checkpoint. An event the projection keeps throwing on is
 * parked (see `applyIsolatingFailures`).
 */
export async function applyNextBatch(
  eventStore: EventStore,
  readStore: ReadStore,
  target: BatchTarget,
  batchSize: number,
  policy?: FailurePolicy,
): Promise<BatchResult> {
  const from = await readStore.getCheckpoint(target.checkpointName);
  const events = await eventStore.readAll({ after: from, maxCount: batchSize });
  return applyIsolatingFailures(readStoreSink(readStore, target), from, events, policy);
}

/** A run whose documents and checkpoint are in the read store. */
export function readStoreSink(readStore: ReadStore, target: BatchTarget): BatchSink {
  const { projection, checkpointName } = target;
  const inTransaction = (from: bigint | null, work: (tx: ReadStoreTransaction) => Promise<void>) =>
    readStore.transaction(async (tx) => {
      if ((await tx.getCheckpoint(checkpointName)) !== from) return false;
      await target.guard?.(tx);
      await work(tx);
      return true;
    });
  return {
    checkpointName,
    projectionName: projection.name,
    checkpoint: () => readStore.getCheckpoint(checkpointName),
    apply: async (from, events: readonly RecordedEvent[], to) => {
      const personal = await prefetchFor(projection, events);
      const fold = (store: ReadStoreTransaction) => applyEvents(store, target, events, personal);
      return inTransaction(from, async (tx) => {
        await (target.cache ? target.cache.run(tx, from, to, fold) : fold(tx));
        await tx.setCheckpoint(checkpointName, to);
      });
    },
    park: (from, parked: ParkedEvent) =>
      inTransaction(from, async (tx) => {
        await tx.upsert<ParkedEvent>(PARKED_EVENTS_COLLECTION, parked);
        await tx.setCheckpoint(checkpointName, BigInt(parked.position));
      }),
  };
}

/**
 * What the projection needs for these events beyond its transaction, read before it (the
 * projection's `prefetch`): a failure here is an outage, never the events' fault.
 */
export async function prefetchFor(projection: Projection, events: readonly RecordedEvent[]): Promise<OpenedPersonalData> {
  const handled = events.filter((event) => projection.handles.includes(event.type));
  return projection.prefetch && handled.length > 0 ? projection.prefetch(handled) : OpenedPersonalData.none;
}

/**
 * Runs the target's projection on the events it handles, inside `tx`, with what `prefetchFor` read
 * for them (a throw of the fold names the event: `EventApplyFailed`; a throw of `tx` is an outage).
 */
export async function applyEvents(
  tx: ReadStoreTransaction,
  target: Pick<BatchTarget, 'projection' | 'collectionSuffix'>,
  events: readonly RecordedEvent[],
  personal: OpenedPersonalData,
): Promise<void> {
  const { projection, collectionSuffix } = target;
  const scoped = namespacedTransaction(tx, projection.collections, collectionSuffix);
  await foldHandled(projection, events, scoped, (event, store) => projection.apply(event, store, personal));
}
