import type { EventStore } from '@app/event-store';
import type { SearchGeneration, SearchIndex } from '@app/search-index';
import type { SearchIndexProjection } from '../projection';
import type { BatchResult } from './apply-batch';

/**
 * The search index's twin of `applyNextBatch`: reads the next events after the generation's
 * checkpoint and hands them to `SearchIndex.applyBatch`, which stores the documents and moves the
 * checkpoint in one atomic compare-and-set. A crash (or a throwing projection) leaves the whole
 * batch or nothing; a checkpoint moved meanwhile (another process, a finished rebuild) drops the
 * batch and the caller runs again from the new checkpoint.
 */
export async function applyNextSearchBatch(
  eventStore: EventStore,
  index: SearchIndex,
  projection: SearchIndexProjection,
  generation: SearchGeneration,
  batchSize: number,
): Promise<BatchResult> {
  const from = await index.getCheckpoint(generation);
  const events = await eventStore.readAll({ after: from, maxCount: batchSize });
  if (events.length === 0) return { read: 0, checkpoint: from };
  const last = events[events.length - 1].position;
  const applied = await index.applyBatch(generation, { from, to: last }, async (batch) => {
    for (const event of events) {
      if (projection.handles.includes(event.type)) await projection.apply(event, batch);
    }
  });
  return { read: events.length, checkpoint: applied ? last : await index.getCheckpoint(generation) };
}
