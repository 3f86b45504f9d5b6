import type { EventStore, RecordedEvent } from '@app/event-store';
import type { ReadStore } from '@app/read-store';
import { PoisonEvent, type Reactor } from '../projection';
import { applyNaming, reasonText, type BatchResult, type FailurePolicy } from './isolate-failures';
import { PARKED_EVENTS_COLLECTION, parkedEventOf, type ParkedEvent } from './parked-events';
import type { ProjectionTarget } from './projection-target';
import { retryParked, skipParked } from './resolve-parked';

/**
 * A reactor as the runner drives it. Its side effects run OUTSIDE the read store's transactions:
 * read the batch after the checkpoint, run the reactor on each event (enqueue with the event id as
 * job id, so a replay sends nothing twice), then move the checkpoint (compare-and-set) in a small
 * transaction of its own. No projection, limiter or idempotency claim waits behind a Redis round trip.
 *
 * A failure is an outage unless the reactor says otherwise: what was done before the failing event
 * is checkpointed, the failing event keeps its place, and the error goes up to the runner, which
 * shows the reactor `failing` and retries with backoff (doubling, capped) WITHOUT END. Only a
 * `PoisonEvent` (the same event would fail on a healthy system) parks the event at once. A crash
 * between the side effects and the checkpoint replays them: harmless, by the job ids.
 */
export function reactorTarget(eventStore: EventStore, readStore: ReadStore, reactor: Reactor): ProjectionTarget {
  const name = reactor.name;

  /** Moves the checkpoint from `from` to `to` unless someone moved it meanwhile (false then). */
  const moveCheckpoint = (from: bigint | null, to: bigint, parked?: ParkedEvent) =>
    readStore.transaction(async (tx) => {
      if ((await tx.getCheckpoint(name)) !== from) return false;
      if (parked) await tx.upsert<ParkedEvent>(PARKED_EVENTS_COLLECTION, parked);
      await tx.setCheckpoint(name, to);
      return true;
    });

  const settled = async (read: number, from: bigint | null, to: bigint, parked?: ParkedEvent): Promise<BatchResult> =>
    (await moveCheckpoint(from, to, parked)) ? { read, checkpoint: to, parked } : { read, checkpoint: await readStore.getCheckpoint(name) };

  async function applyNextBatch(batchSize: number, failures: FailurePolicy = {}): Promise<BatchResult> {
    const from = await readStore.getCheckpoint(name);
    const events = await eventStore.readAll({ after: from, maxCount: batchSize });
    if (events.length === 0) return { read: 0, checkpoint: from };
    let done = from;
    for (const [index, event] of events.entries()) {
      if (reactor.handles.includes(event.type)) {
        try {
          await reactor.apply(event);
        } catch (error) {
          if (!(error instanceof PoisonEvent)) {
            if (done !== from) await moveCheckpoint(from, done!).catch(() => false); // a replay of these is harmless anyway
            throw new ReactorHeld(event, error);
          }
          const parked = parkedEventOf(name, name, event, done, {
            error: reasonText(error),
            attempts: 1,
            parkedAt: (failures.now ?? (() => new Date()))(),
          });
          return settled(index + 1, from, event.position, parked);
        }
      }
      done = event.position;
    }
    return settled(events.length, from, events[events.length - 1].position);
  }

  return {
    name,
    version: reactor.version,
    rebuildable: false,
    prepare: async () => undefined,
    checkpoint: () => readStore.getCheckpoint(name),
    isOutdated: async () => false,
    applyNextBatch,
    rebuild: () => Promise.reject(new Error(`${name} is a reactor: it resumes from its checkpoint and is never rebuilt`)),
    parked: {
      // The side effect first, outside any transaction; then the record goes. A failure keeps it (attempts + 1).
      retry: (position) =>
        retryParked(eventStore, readStore, name, position, async (event, forget) => {
          if (reactor.handles.includes(event.type)) await applyNaming(event, () => reactor.apply(event));
          await readStore.transaction(forget);
        }),
      skip: (position) => skipParked(readStore, name, position),
    },
  };
}

/** A reactor holds its place at `event`: what it needs is unavailable. The runner retries it without end. */
export class ReactorHeld extends Error {
  constructor(
    readonly event: RecordedEvent,
    readonly reason: unknown,
  ) {
    super(`${event.type} at ${event.position.toString()} waits for a dependency: ${reasonText(reason)}`, { cause: reason });
    this.name = 'ReactorHeld';
  }
}
