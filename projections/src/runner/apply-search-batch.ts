import type { EventStore, RecordedEvent } from '@app/event-store';
import type { ReadStore } from '@app/read-store';
import type { SearchGeneration, SearchIndex } from '@app/search-index';
import type { SearchIndexProjection } from '../projection';
import { applyIsolatingFailures, foldHandled, type BatchResult, type BatchSink, type FailurePolicy } from './isolate-failures';
import { PARKED_EVENTS_COLLECTION, type ParkedEvent } from './parked-events';

/** Checkpoint names of the search index's generations, as parked records name them. */
export function searchCheckpointName(projection: SearchIndexProjection, generation: SearchGeneration): string {
  return generation === 'live' ? projection.name : `${projection.name}__rebuild`;
}

/**
 * The search index's twin of `applyNextBatch`: reads the next events after the generation's
 * checkpoint and hands them to `SearchIndex.applyBatch`, which stores the documents and moves the
 * checkpoint in one atomic compare-and-set. A crash (or a throwing projection) leaves the whole
 * batch or nothing; a checkpoint moved meanwhile (another process, a finished rebuild) drops the
 * batch and the caller runs again from the new checkpoint. Parking an event needs the read store
 * (`parked`): its record is stored there first, then the index's checkpoint moves past it.
 */
export async function applyNextSearchBatch(
  eventStore: EventStore,
  index: SearchIndex,
  projection: SearchIndexProjection,
  generation: SearchGeneration,
  batchSize: number,
  parked?: { readStore: ReadStore; policy?: FailurePolicy },
): Promise<BatchResult> {
  const from = await index.getCheckpoint(generation);
  const events = await eventStore.readAll({ after: from, maxCount: batchSize });
  const sink = searchIndexSink(index, projection, generation, parked?.readStore);
  if (parked) return applyIsolatingFailures(sink, from, events, parked.policy);
  // Without a read store to park in, a failing event fails the whole batch.
  if (events.length === 0) return { read: 0, checkpoint: from };
  const last = events[events.length - 1].position;
  const applied = await sink.apply(from, events, last);
  return { read: events.length, checkpoint: applied ? last : await sink.checkpoint() };
}

export function searchIndexSink(
  index: SearchIndex,
  projection: SearchIndexProjection,
  generation: SearchGeneration,
  readStore?: ReadStore,
): BatchSink {
  return {
    checkpointName: searchCheckpointName(projection, generation),
    projectionName: projection.name,
    checkpoint: () => index.getCheckpoint(generation),
    apply: (from, events: readonly RecordedEvent[], to) =>
      index.applyBatch(generation, { from, to }, (batch) =>
        foldHandled(projection, events, batch, (event, store) => projection.apply(event, store)),
      ),
    park: async (from, record: ParkedEvent) => {
      if (!readStore) throw new Error(`No read store to park ${record.id} in`);
      // Two stores, so two steps: a crash between them leaves a record for an event the index then
      // retries; `retry` of an event already past is harmless (documents are whole, positions guard).
      await readStore.transaction((tx) => tx.upsert<ParkedEvent>(PARKED_EVENTS_COLLECTION, record));
      return index.applyBatch(generation, { from, to: BigInt(record.position) }, () => undefined);
    },
  };
}
