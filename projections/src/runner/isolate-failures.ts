import type { RecordedEvent } from '@app/event-store';
import { parkedEventOf, type ParkedEvent } from './parked-events';

/** How a run treats an event its projection throws on. */
export interface FailurePolicy {
  /** Runs of the failing event, the first included, before it is parked. Default 3. */
  attempts?: number;
  /** Delay before the first retry of a failing event; doubles at each. Default 100 ms. */
  retryDelayMs?: number;
  /** When an event is parked (its record's `parkedAt`). Default: the system clock. */
  now?: () => Date;
}

export interface BatchResult {
  /** Events read and consumed (applied, ignored or parked). 0 means the target is caught up. */
  read: number;
  /** Checkpoint after the batch. */
  checkpoint: bigint | null;
  /** The event this batch parked, if any. */
  parked?: ParkedEvent;
}

/** Thrown out of a sink's `apply` when the projection throws on one event: names the event. */
export class EventApplyFailed extends Error {
  constructor(
    readonly event: RecordedEvent,
    readonly reason: unknown,
  ) {
    super(`${event.type} at ${event.position.toString()}: ${reasonText(reason)}`);
  }
}

/** What holds a run's documents and checkpoint: the read store, or the search index. */
export interface BatchSink {
  /** The run's checkpoint name and its projection's name (parked records carry both). */
  readonly checkpointName: string;
  readonly projectionName: string;
  checkpoint(): Promise<bigint | null>;
  /**
   * Applies `events` and moves the checkpoint from `from` to `to` in one atomic step, or returns
   * false (nothing written) when the checkpoint is no longer `from`. A projection throwing on an
   * event rolls everything back and surfaces as `EventApplyFailed`.
   */
  apply(from: bigint | null, events: readonly RecordedEvent[], to: bigint): Promise<boolean>;
  /** Stores the parked record and moves the checkpoint from `from` past its event, atomically (false: moved meanwhile). */
  park(from: bigint | null, parked: ParkedEvent): Promise<boolean>;
}

/**
 * Applies a batch read after `from`. When the projection throws on one event, the events before
 * it are applied (and checkpointed) on their own, the failing one is retried alone a few times,
 * then parked with its error: the checkpoint moves past it in the transaction that records it,
 * and the projection goes on with the next batch. A checkpoint moved by someone else drops the
 * rest: the caller runs again from the new checkpoint.
 */
export async function applyIsolatingFailures(
  sink: BatchSink,
  from: bigint | null,
  events: readonly RecordedEvent[],
  policy: FailurePolicy = {},
): Promise<BatchResult> {
  if (events.length === 0) return { read: 0, checkpoint: from };
  const last = events[events.length - 1].position;
  let failure: EventApplyFailed;
  try {
    if (await sink.apply(from, events, last)) return { read: events.length, checkpoint: last };
    return { read: events.length, checkpoint: await sink.checkpoint() };
  } catch (error) {
    if (!(error instanceof EventApplyFailed)) throw error;
    failure = error;
  }

  const index = events.indexOf(failure.event);
  let checkpoint = from;
  if (index > 0) {
    const before = events.slice(0, index);
    checkpoint = before[before.length - 1].position;
    if (!(await sink.apply(from, before, checkpoint))) return { read: events.length, checkpoint: await sink.checkpoint() };
  }

  const event = failure.event;
  const attempts = Math.max(1, policy.attempts ?? 3);
  let delay = policy.retryDelayMs ?? 100;
  for (let attempt = 2; attempt <= attempts; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay *= 2;
    try {
      if (!(await sink.apply(checkpoint, [event], event.position))) return { read: index + 1, checkpoint: await sink.checkpoint() };
      return { read: index + 1, checkpoint: event.position };
    } catch (error) {
      if (!(error instanceof EventApplyFailed)) throw error;
      failure = error;
    }
  }

  const parked = parkedEventOf(sink.projectionName, sink.checkpointName, event, checkpoint, {
    error: reasonText(failure.reason),
    attempts,
    parkedAt: (policy.now ?? (() => new Date()))(),
  });
  if (!(await sink.park(checkpoint, parked))) return { read: index + 1, checkpoint: await sink.checkpoint() };
  return { read: index + 1, checkpoint: event.position, parked };
}

/**
 * Runs the projection on one event, naming the event when it throws: the fold's own error is the
 * event's (poison). An error of the store it writes to (see `markingStoreFailures`) passes as it
 * is: an outage, which the runner retries without parking anything.
 */
export async function applyNaming(event: RecordedEvent, apply: () => Promise<void>): Promise<void> {
  try {
    await apply();
  } catch (error) {
    if (storeFailures.has(error as object)) throw error;
    throw new EventApplyFailed(event, error);
  }
}

/**
 * Folds the events the projection handles into `store`, in order, through `apply`: the store's
 * failures marked as an outage (`markingStoreFailures`), the fold's naming the event (`applyNaming`).
 */
export async function foldHandled<Store extends object>(
  projection: { handles: readonly string[] },
  events: readonly RecordedEvent[],
  store: Store,
  apply: (event: RecordedEvent, store: Store) => Promise<void>,
): Promise<void> {
  const marked = markingStoreFailures(store);
  for (const event of events) {
    if (projection.handles.includes(event.type)) await applyNaming(event, () => apply(event, marked));
  }
}

const storeFailures = new WeakSet<object>();

/**
 * The transaction (or search batch) as a fold sees it: whatever one of its methods throws is the
 * store's failure, not the event's, and is marked so (an outage: retried, never parked).
 */
export function markingStoreFailures<T extends object>(store: T): T {
  // One wrapper per method, made on its first call: a fold calls the store's methods once per document.
  const wrappers = new Map<PropertyKey, { method: (...args: unknown[]) => unknown; wrapper: (...args: unknown[]) => unknown }>();
  return new Proxy(store, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (typeof value !== 'function') return value;
      const known = wrappers.get(property);
      if (known?.method === value) return known.wrapper;
      const method = value as (...args: unknown[]) => unknown;
      const wrapper = (...args: unknown[]) => {
        try {
          const result: unknown = method.apply(target, args);
          return result instanceof Promise ? result.then(undefined, rejectMarked) : result;
        } catch (error) {
          throw markStoreFailure(error);
        }
      };
      wrappers.set(property, { method, wrapper });
      return wrapper;
    },
  });
}

function markStoreFailure(error: unknown): Error {
  const marked = error instanceof Error ? error : new Error(String(error));
  storeFailures.add(marked);
  return marked;
}

function rejectMarked(error: unknown): never {
  throw markStoreFailure(error);
}

export function reasonText(reason: unknown): string {
  if (reason instanceof Error) return reason.message || reason.name;
  return String(reason);
}
