import type { EventStore } from '@app/event-store';
import type { ReadStore } from '@app/read-store';
import type { Projection } from '../projection';
import { namespacedTransaction } from './namespaced-transaction';

export interface BatchTarget {
  projection: Projection;
  /** The checkpoint this run owns: the projection's name, or its rebuild's. */
  checkpointName: string;
  /** Appended to every collection name: '' for live, REBUILD_SUFFIX for a rebuild. */
  collectionSuffix: string;
}

export interface BatchResult {
  /** Events read (handled or not), also when the batch was dropped. 0 means the target is caught up. */
  read: number;
  /** Checkpoint after the batch. */
  checkpoint: bigint | null;
}

/**
 * Reads the next events after the target's checkpoint and applies them in ONE read-store
 * transaction that also moves the checkpoint: a crash at any point leaves either the whole batch
 * applied with its checkpoint, or nothing. The checkpoint is re-read inside the transaction; if
 * someone moved it meanwhile (another process, a finished rebuild), the batch is dropped and the
 * caller simply runs again from the new checkpoint.
 */
export async function applyNextBatch(
  eventStore: EventStore,
  readStore: ReadStore,
  target: BatchTarget,
  batchSize: number,
): Promise<BatchResult> {
  const { projection, checkpointName, collectionSuffix } = target;
  const from = await readStore.getCheckpoint(checkpointName);
  const events = await eventStore.readAll({ after: from, maxCount: batchSize });
  if (events.length === 0) return { read: 0, checkpoint: from };

  const last = events[events.length - 1].position;
  const applied = await readStore.transaction(async (tx) => {
    if ((await tx.getCheckpoint(checkpointName)) !== from) return false;
    const scoped = namespacedTransaction(tx, projection.collections, collectionSuffix);
    for (const event of events) {
      if (projection.handles.includes(event.type)) await projection.apply(event, scoped);
    }
    await tx.setCheckpoint(checkpointName, last);
    return true;
  });
  return { read: events.length, checkpoint: applied ? last : await readStore.getCheckpoint(checkpointName) };
}
