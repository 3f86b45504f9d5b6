import { randomUUID } from 'node:crypto';
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type JSONType,
  type ReadPosition,
  type ResolvedEvent,
} from '@eventstore/db-client';
import {
  WrongExpectedRevisionError,
  type AppendOptions,
  type AppendResult,
  type CountAfterOptions,
  type EventMetadata,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeToAllOptions,
  type Subscription,
} from '../event-store.port';
import { EventStoreDbSubscription } from './eventstoredb-subscription';

const READ_ALL_PAGE = 500;

/**
 * The event log in EventStoreDB / KurrentDB. Our `position` is the `$all` commit position: since
 * appends are implicit transactions, every event has its own commit position (equal to its
 * prepare position), so the commit position alone identifies a place in `$all`.
 * System events (`$`-types: stats, metadata, projections' links) are never returned.
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly subscriptions = new Set<Subscription>();

  constructor(private readonly client: EventStoreDBClient) {}

  /** `connectionString`: e.g. `esdb://localhost:2113?tls=false`. */
  static connect(connectionString: string): EventStoreDbEventStore {
    return new EventStoreDbEventStore(EventStoreDBClient.connectionString(connectionString));
  }

  async appendToStream(streamName: string, events: readonly EventToAppend[], options: AppendOptions = {}): Promise<AppendResult> {
    if (events.length === 0) throw new RangeError(`Nothing to append to stream ${streamName}`);
    const expected = options.expectedRevision ?? 'any';
    try {
      const result = await this.client.appendToStream(
        streamName,
        events.map((event) =>
          jsonEvent({ id: event.id ?? randomUUID(), type: event.type, data: event.data as JSONType, metadata: event.metadata }),
        ),
        { expectedRevision: toEsdbExpectedRevision(expected) },
      );
      if (!result.position) throw new Error(`EventStoreDB returned no position for the append to ${streamName}`);
      return { nextExpectedRevision: Number(result.nextExpectedRevision), position: result.position.commit };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = error.actualVersion === NO_STREAM ? 'no_stream' : Number(error.actualVersion);
        throw new WrongExpectedRevisionError(streamName, expected, actual);
      }
      throw error;
    }
  }

  async readStream(streamName: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      const read = this.client.readStream(streamName, {
        direction: FORWARDS,
        fromRevision: options.fromRevision === undefined ? START : BigInt(options.fromRevision),
        ...(options.maxCount === undefined ? {} : { maxCount: options.maxCount }),
      });
      for await (const resolved of read) {
        const event = toRecordedEvent(resolved);
        if (event) events.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const wanted = options.maxCount ?? Number.POSITIVE_INFINITY;
    const events: RecordedEvent[] = [];
    let after = options.after ?? null;
    // System events are filtered here (readAll has no server-side filter in this client), so a
    // page may hold fewer of ours than asked: keep paging until enough or the end of `$all`.
    while (events.length < wanted) {
      const page = await this.readAllPage(after === null ? START : { commit: after, prepare: after }, FORWARDS);
      for (const resolved of page.events) {
        const event = toRecordedEvent(resolved);
        if (event && (after === null || event.position > after) && events.length < wanted) events.push(event);
      }
      if (page.lastPosition === null || page.exhausted) break;
      after = page.lastPosition.commit;
    }
    return events;
  }

  subscribeToAll(options: SubscribeToAllOptions): Subscription {
    const after = options.after ?? null;
    const source = this.client.subscribeToAll({
      fromPosition: after === null ? START : { commit: after, prepare: after },
      filter: excludeSystemEvents(),
    });
    const subscription = new EventStoreDbSubscription(source, after, toRecordedEvent, options);
    this.subscriptions.add(subscription);
    return {
      unsubscribe: async () => {
        this.subscriptions.delete(subscription);
        await subscription.unsubscribe();
      },
    };
  }

  async headPosition(): Promise<bigint | null> {
    let from: ReadPosition = END;
    for (;;) {
      const page = await this.readAllPage(from, BACKWARDS);
      for (const resolved of page.events) {
        const event = toRecordedEvent(resolved);
        if (event) return event.position;
      }
      if (page.lastPosition === null || page.exhausted) return null;
      from = page.lastPosition;
    }
  }

  /**
   * EventStoreDB positions are byte offsets in its log, not counts, and it has no count of `$all`:
   * this counts by reading pages forwards (system events excluded), stopping at `atMost`.
   */
  async countAfter(after: bigint | null, options: CountAfterOptions = {}): Promise<number> {
    const atMost = options.atMost ?? Number.POSITIVE_INFINITY;
    let count = 0;
    let last = after;
    // A page starts at the previous page's last event: `position > last` counts it once.
    while (count < atMost) {
      const page = await this.readAllPage(last === null ? START : { commit: last, prepare: last }, FORWARDS);
      for (const resolved of page.events) {
        const event = toRecordedEvent(resolved);
        if (event && (last === null || event.position > last)) count += 1;
      }
      if (page.lastPosition === null || page.exhausted) break;
      last = page.lastPosition.commit;
    }
    return Math.min(count, atMost);
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.unsubscribe()));
    this.subscriptions.clear();
    await this.client.dispose();
  }

  private async readAllPage(fromPosition: ReadPosition, direction: typeof FORWARDS | typeof BACKWARDS) {
    const events: AllStreamResolvedEvent[] = [];
    for await (const resolved of this.client.readAll({ fromPosition, direction, maxCount: READ_ALL_PAGE })) events.push(resolved);
    const last = events.at(-1)?.event?.position ?? null;
    return { events, lastPosition: last, exhausted: events.length < READ_ALL_PAGE };
  }
}

function toEsdbExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      return BigInt(expected);
  }
}

/** Our event, or null for system events and unresolved links. */
function toRecordedEvent(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | null {
  const event = resolved.event;
  if (!event || event.type.startsWith('$') || event.streamId.startsWith('$')) return null;
  const position = event.position?.commit ?? resolved.commitPosition;
  if (position === undefined) throw new Error(`EventStoreDB gave no $all position for ${event.streamId}@${event.revision}`);
  return {
    id: event.id,
    streamName: event.streamId,
    revision: Number(event.revision),
    position,
    type: event.type,
    data: event.isJson ? event.data : parseJsonBytes(event.data),
    metadata: (event.metadata instanceof Uint8Array ? parseJsonBytes(event.metadata) : event.metadata) as EventMetadata,
    recordedAt: event.created,
  };
}

function parseJsonBytes(bytes: Uint8Array): unknown {
  return bytes.length === 0 ? null : JSON.parse(Buffer.from(bytes).toString('utf8'));
}
