import type { RecordedEvent } from '@app/event-store';
import type { Filter, ReadStore, ReadStoreTransaction } from '@app/read-store';

/** Where every checkpointed run keeps the events it parked, beside the checkpoints in the read store. */
export const PARKED_EVENTS_COLLECTION = 'parked_events';

/**
 * An event a projection threw on, every attempt: its run moved past it (in the transaction that
 * stored this record) so the projection goes on; an operator retries or skips it
 * (`projections retry|skip <name> <position>`).
 */
export interface ParkedEvent {
  /** `<checkpoint>@<position>` */
  id: string;
  /** The projection (its logical name). */
  projection: string;
  /** The checkpoint whose run parked it: the projection's name, or its rebuild's. */
  checkpoint: string;
  /** `$all` position, decimal. */
  position: string;
  /** The position just before it in `$all` (decimal, null at the start), to read it back. */
  after: string | null;
  eventId: string;
  eventType: string;
  streamName: string;
  error: string;
  attempts: number;
  parkedAt: string;
  [field: string]: unknown;
}

export function parkedEventId(checkpoint: string, position: bigint): string {
  return `${checkpoint}@${position.toString()}`;
}

export function parkedEventOf(
  projection: string,
  checkpoint: string,
  event: RecordedEvent,
  after: bigint | null,
  failure: { error: string; attempts: number; parkedAt: Date },
): ParkedEvent {
  return {
    id: parkedEventId(checkpoint, event.position),
    projection,
    checkpoint,
    position: event.position.toString(),
    after: after === null ? null : after.toString(),
    eventId: event.id,
    eventType: event.type,
    streamName: event.streamName,
    error: failure.error,
    attempts: failure.attempts,
    parkedAt: failure.parkedAt.toISOString(),
  };
}

/**
 * The events parked by the live runs (oldest first), of one projection or of all: what
 * `projections status` lists and what an operator must resolve. Rebuilds park theirs under the
 * rebuild's checkpoint; they become the projection's own when the rebuild switches live.
 */
export async function parkedEvents(readStore: ReadStore, projection?: string): Promise<ParkedEvent[]> {
  const filter: Filter = projection === undefined ? {} : { checkpoint: projection };
  const parked = await readStore.find<ParkedEvent>(PARKED_EVENTS_COLLECTION, filter);
  return parked
    .filter((event) => event.checkpoint === event.projection)
    .sort((a, b) => a.projection.localeCompare(b.projection) || compareDecimal(a.position, b.position));
}

/** Moves the events a rebuild parked to the live checkpoint, dropping those of the replaced live run. */
export async function switchParkedEvents(tx: ReadStoreTransaction, projection: string, fromCheckpoint: string): Promise<void> {
  for (const old of await tx.find<ParkedEvent>(PARKED_EVENTS_COLLECTION, { checkpoint: projection })) {
    await tx.delete(PARKED_EVENTS_COLLECTION, old.id);
  }
  for (const parked of await tx.find<ParkedEvent>(PARKED_EVENTS_COLLECTION, { checkpoint: fromCheckpoint })) {
    await tx.delete(PARKED_EVENTS_COLLECTION, parked.id);
    await tx.upsert<ParkedEvent>(PARKED_EVENTS_COLLECTION, {
      ...parked,
      id: parkedEventId(projection, BigInt(parked.position)),
      checkpoint: projection,
    });
  }
}

/** Drops what a run parked (a rebuild starting over from position 0). */
export async function dropParkedEvents(tx: ReadStoreTransaction, checkpoint: string): Promise<void> {
  for (const parked of await tx.find<ParkedEvent>(PARKED_EVENTS_COLLECTION, { checkpoint })) {
    await tx.delete(PARKED_EVENTS_COLLECTION, parked.id);
  }
}

function compareDecimal(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}
