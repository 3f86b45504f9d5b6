/**
 * The EventStore port: the only source of truth of the system.
 *
 * Guarantees every adapter must keep (checked by `describeEventStoreContract`):
 * - `appendToStream` is atomic: all events of one call are stored, or none.
 * - Optimistic concurrency: when `expectedRevision` does not match the stream, nothing is
 *   written and a `WrongExpectedRevisionError` is thrown.
 * - Once `appendToStream` resolved, the events are durable.
 * - An event id is stored once: an append carrying an id the store already holds writes none
 *   of its events. SQLite refuses any such append with `DuplicateEventIdError`; EventStoreDB
 *   answers the exact repeat of an append (same ids, same expected revision, or `any`) with
 *   success and writes nothing (its idempotent append), and refuses an append whose expected
 *   revision no longer matches with `WrongExpectedRevisionError`. Either way a retried append
 *   (an Idempotency-Key's command run again after a crash) is never stored twice.
 * - Within a stream, revisions are 0, 1, 2, ... in append order.
 * - `$all` is totally ordered by `position`; positions only grow.
 * - A subscription delivers every event after its start position exactly once, in `$all`
 *   order: first history (catch-up), then live events, including events appended by other
 *   processes sharing the same store.
 */
export interface EventStore {
  appendToStream(streamName: string, events: readonly EventToAppend[], options?: AppendOptions): Promise<AppendResult>;

  /** Events of one stream in revision order; an empty array when the stream does not exist. */
  readStream(streamName: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;

  /** Events of `$all` strictly after `after` (or from the beginning), in position order. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;

  /** Catch-up subscription to `$all`. The handler is awaited before the next event is delivered. */
  subscribeToAll(options: SubscribeToAllOptions): Subscription;

  /** The position of the last event in `$all`, or `null` when the store is empty. */
  headPosition(): Promise<bigint | null>;

  /**
   * How many events of `$all` come after `after` (all of them for `null`): a projection's lag.
   * A store that knows it from positions answers at once and exactly (SQLite). One that can only
   * count by reading (EventStoreDB) may stop at `atMost` and answer that: an answer below
   * `atMost` is exact, an answer of `atMost` means "at least".
   */
  countAfter(after: bigint | null, options?: CountAfterOptions): Promise<number>;

  close(): Promise<void>;
}

/** `any`: no check. `no_stream`: the stream must not exist. A number: the stream's current last revision. */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

export interface AppendOptions {
  expectedRevision?: ExpectedRevision;
}

export interface AppendResult {
  /** Revision of the last event written: pass it as `expectedRevision` for the next append. */
  nextExpectedRevision: number;
  /** `$all` position of the last event written. */
  position: bigint;
}

export interface EventMetadata {
  /** Who caused it: an account id (opaque, never the user name), `system` or `operator`. */
  actor: string;
  /** The conversation it belongs to: the HTTP request id (X-Request-Id) of the command that started it. */
  correlationId?: string;
  /**
   * The message that directly caused it: the command (for an HTTP command with an Idempotency-Key,
   * an id derived from caller and key, the same on every retry; else the request id), or, for an
   * event appended in reaction to another event, that event's id.
   */
  causationId?: string;
  /** ISO-8601 time the fact happened: business time from the handler's injected clock (CommandContext.clock), never the store's. */
  occurredAt: string;
  schemaVersion?: number;
  [key: string]: unknown;
}

export interface EventToAppend<Type extends string = string, Data = unknown> {
  /** A UUID; generated when omitted. Unique in the store (see the guarantees above): a retried command passes the same ids. */
  id?: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> {
  id: string;
  streamName: string;
  revision: number;
  position: bigint;
  type: Type;
  data: Data;
  metadata: EventMetadata;
  recordedAt: Date;
}

export interface ReadStreamOptions {
  fromRevision?: number;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Exclusive lower bound: only events with a greater position are returned. */
  after?: bigint | null;
  maxCount?: number;
}

export interface CountAfterOptions {
  /** Where a store that counts by reading may stop (see `countAfter`); no bound when omitted. */
  atMost?: number;
}

export interface SubscribeToAllOptions {
  /** Exclusive: deliver events with a greater position. `null`/omitted: from the beginning. */
  after?: bigint | null;
  onEvent(event: RecordedEvent): Promise<void> | void;
  /** Called once when the subscription dies (handler threw, connection lost); it is then closed. */
  onError?(error: unknown): void;
}

export interface Subscription {
  /**
   * Stops delivery; resolves when no handler call is in flight. A handler that stops its own
   * subscription must not await this (it would wait for itself).
   */
  unsubscribe(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamName: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamName}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

export const EVENT_STORE = Symbol('EventStore');
