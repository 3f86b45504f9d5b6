import type { EventStore, RecordedEvent } from '@app/event-store';
import type { ReadStore, ReadStoreTransaction } from '@app/read-store';
import type { SearchIndex } from '@app/search-index';
import type { Projection, SearchIndexProjection } from '../projection';
import { applyEvents, prefetchFor } from './apply-batch';
import { applyNaming, EventApplyFailed, reasonText } from './isolate-failures';
import { PARKED_EVENTS_COLLECTION, parkedEventId, type ParkedEvent } from './parked-events';

/** An operator named a position that holds no parked event of that projection. */
export class ParkedEventNotFound extends Error {
  constructor(projection: string, position: bigint) {
    super(`${projection} has no parked event at position ${position.toString()}`);
  }
}

/** What resolves a projection's parked events: its live documents, wherever they are. */
export interface ParkedEventResolver {
  /** Applies the parked event through the projection and forgets it, in one step; throws (keeping it) if it fails again. */
  retry(position: bigint): Promise<void>;
  /** Forgets the parked event: the projection stays without it. */
  skip(position: bigint): Promise<void>;
}

export function readStoreParkedResolver(eventStore: EventStore, readStore: ReadStore, projection: Projection): ParkedEventResolver {
  return {
    retry: (position) =>
      retryParked(eventStore, readStore, projection.name, position, async (event, forget) => {
        const personal = await prefetchFor(projection, [event]);
        await readStore.transaction(async (tx) => {
          await forget(tx);
          await applyEvents(tx, { projection, collectionSuffix: '' }, [event], personal);
        });
      }),
    skip: (position) => skipParked(readStore, projection.name, position),
  };
}

/** The search index and the read store are two stores: the event is applied, then its record dropped. */
export function searchParkedResolver(
  eventStore: EventStore,
  readStore: ReadStore,
  index: SearchIndex,
  projection: SearchIndexProjection,
): ParkedEventResolver {
  return {
    retry: (position) =>
      retryParked(eventStore, readStore, projection.name, position, async (event, forget) => {
        for (;;) {
          const checkpoint = await index.getCheckpoint('live');
          if (checkpoint === null) throw new Error(`${projection.name} has not passed position ${position.toString()}`);
          const applied = await index.applyBatch('live', { from: checkpoint, to: checkpoint }, async (batch) => {
            if (projection.handles.includes(event.type)) await applyNaming(event, () => projection.apply(event, batch));
          });
          if (applied) break;
        }
        await readStore.transaction(forget);
      }),
    skip: (position) => skipParked(readStore, projection.name, position),
  };
}

export async function retryParked(
  eventStore: EventStore,
  readStore: ReadStore,
  name: string,
  position: bigint,
  apply: (event: RecordedEvent, forget: (tx: ReadStoreTransaction) => Promise<void>) => Promise<void>,
): Promise<void> {
  const id = parkedEventId(name, position);
  const parked = await readStore.get<ParkedEvent>(PARKED_EVENTS_COLLECTION, id);
  if (!parked) throw new ParkedEventNotFound(name, position);
  const [event] = await eventStore.readAll({ after: parked.after === null ? null : BigInt(parked.after), maxCount: 1 });
  if (!event || event.position !== position) throw new Error(`The event at position ${position.toString()} is no longer in the log`);
  const forget = async (tx: ReadStoreTransaction) => {
    if (!(await tx.get(PARKED_EVENTS_COLLECTION, id))) throw new ParkedEventNotFound(name, position);
    await tx.delete(PARKED_EVENTS_COLLECTION, id);
  };
  try {
    await apply(event, forget);
  } catch (error) {
    if (!(error instanceof EventApplyFailed)) throw error;
    await readStore.transaction(async (tx) => {
      const current = await tx.get<ParkedEvent>(PARKED_EVENTS_COLLECTION, id);
      if (current)
        await tx.upsert<ParkedEvent>(PARKED_EVENTS_COLLECTION, {
          ...current,
          error: reasonText(error.reason),
          attempts: current.attempts + 1,
        });
    });
    throw error;
  }
}

export async function skipParked(readStore: ReadStore, name: string, position: bigint): Promise<void> {
  const id = parkedEventId(name, position);
  await readStore.transaction(async (tx) => {
    if (!(await tx.get(PARKED_EVENTS_COLLECTION, id))) throw new ParkedEventNotFound(name, position);
    await tx.delete(PARKED_EVENTS_COLLECTION, id);
  });
}
