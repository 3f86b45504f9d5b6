import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import {
  WrongExpectedRevisionError,
  type AppendOptions,
  type AppendResult,
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
import { DuplicateEventIdError } from '../duplicate-event-id.error';
import { PollingSubscription } from './polling-subscription';
import { RecentEvents } from './recent-events';

/**
 * A row as an array (a raw statement): better-sqlite3 builds an array far cheaper than an object
 * with a property per column, which a rebuild reading the whole log does a million times.
 */
type EventRow = [
  position: bigint,
  id: string,
  stream: string,
  revision: bigint,
  type: string,
  data: string,
  metadata: string,
  recordedAt: string,
];
const EVENT_COLUMNS = 'position, id, stream, revision, type, data, metadata, recorded_at';

interface InsertParams {
  id: string;
  stream: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
  recordedAt: string;
}

export interface SqliteEventStoreOptions {
  /** How often an idle subscription looks for events appended by other processes. */
  pollIntervalMs?: number;
  /** Events read per query while a subscription catches up. */
  subscriptionBatchSize?: number;
  /** How many of the newest events are kept decoded for the readers that follow the head (default 2,000). */
  recentEventsKept?: number;
}

const NO_LIMIT = -1;

/** One caller's append, waiting in the group that the next commit writes. */
interface PendingAppend {
  streamName: string;
  events: readonly EventToAppend[];
  expected: ExpectedRevision;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

type AppendOutcome = { result: AppendResult } | { error: unknown };

/** Wakes subscriptions of every store instance in this process that has the same file open. */
const appendedInProcess = new EventEmitter().setMaxListeners(0);

/**
 * Another process appended to the log at `filePath` (its WAL was written): this process's
 * subscriptions on it look now instead of at their next poll. A wake-up only: they read what is new.
 */
export function wakeSubscriptions(filePath: string): void {
  appendedInProcess.emit(resolve(filePath));
}

/**
 * The event log in one SQLite file. `position` is the table's AUTOINCREMENT rowid: appends run
 * in `BEGIN IMMEDIATE` transactions, so they are serialized across connections and processes
 * and positions are handed out in commit order (a reader never sees a gap that fills later).
 *
 * An event id is unique in the whole file: appending an id that is already stored (say, a retry
 * after a lost answer) writes nothing and throws `DuplicateEventIdError`.
 *
 * Group commit: appends made while the event loop is busy (the requests of one I/O poll) queue
 * up and are written by one `BEGIN IMMEDIATE` transaction at the next `setImmediate`, so they
 * share one commit and its fsync (`synchronous = FULL`). Each append runs in its own SAVEPOINT
 * (a nested better-sqlite3 transaction): a revision conflict or a duplicate id undoes that append
 * alone, and every caller gets its own result or error. Appends to one stream in one group see
 * each other, so expected revisions mean exactly what they meant one transaction at a time. A
 * promise resolves only after the group's COMMIT returned, i.e. once its events are on disk.
 */
export class SqliteEventStore implements EventStore {
  readonly filePath: string;
  private readonly db: Database.Database;
  private readonly subscriptions = new Set<Subscription>();
  private readonly selectLastRevision: Database.Statement<[string], { revision: bigint | null }>;
  private readonly insertEvent: Database.Statement<[InsertParams]>;
  private readonly selectStream: Database.Statement<[string, number, number], EventRow>;
  private readonly selectAllAfter: Database.Statement<[bigint, number], EventRow>;
  private readonly selectHead: Database.Statement<[], { head: bigint | null }>;
  private readonly commitGroup: (group: readonly PendingAppend[]) => AppendOutcome[];
  private readonly recent: RecentEvents;
  private pending: PendingAppend[] = [];
  private closed = false;

  constructor(
    filePath: string,
    private readonly options: SqliteEventStoreOptions = {},
  ) {
    this.filePath = resolve(filePath);
    mkdirSync(dirname(this.filePath), { recursive: true });
    this.db = new Database(this.filePath);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('busy_timeout = 5000');
    this.db.defaultSafeIntegers(true);
    this.db.exec(`CREATE TABLE IF NOT EXISTS events (
      position    INTEGER PRIMARY KEY AUTOINCREMENT,
      id          TEXT    NOT NULL UNIQUE,
      stream      TEXT    NOT NULL,
      revision    INTEGER NOT NULL,
      type        TEXT    NOT NULL,
      data        TEXT    NOT NULL,
      metadata    TEXT    NOT NULL,
      recorded_at TEXT    NOT NULL,
      UNIQUE (stream, revision)
    )`);
    this.selectLastRevision = this.db.prepare('SELECT max(revision) AS revision FROM events WHERE stream = ?');
    this.insertEvent = this.db.prepare(`INSERT INTO events (id, stream, revision, type, data, metadata, recorded_at)
      VALUES (@id, @stream, @revision, @type, @data, @metadata, @recordedAt)`);
    this.selectStream = this.db
      .prepare<[string, number, number], EventRow>(
        `SELECT ${EVENT_COLUMNS} FROM events WHERE stream = ? AND revision >= ? ORDER BY revision LIMIT ?`,
      )
      .raw(true);
    this.selectAllAfter = this.db
      .prepare<[bigint, number], EventRow>(`SELECT ${EVENT_COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?`)
      .raw(true);
    this.selectHead = this.db.prepare('SELECT max(position) AS head FROM events');
    // Called inside the group's transaction, a better-sqlite3 transaction function runs in a SAVEPOINT.
    const appendOne = this.db.transaction((append: PendingAppend) => this.append(append.streamName, append.events, append.expected));
    const group = this.db.transaction((appends: readonly PendingAppend[]) =>
      appends.map((append): AppendOutcome => {
        try {
          return { result: appendOne(append) };
        } catch (error) {
          return { error: appendError(append, error) };
        }
      }),
    );
    this.commitGroup = (appends) => group.immediate(appends);
    this.recent = new RecentEvents(options.recentEventsKept ?? 2_000);
  }

  appendToStream(streamName: string, events: readonly EventToAppend[], options: AppendOptions = {}): Promise<AppendResult> {
    if (events.length === 0) return Promise.reject(new RangeError(`Nothing to append to stream ${streamName}`));
    if (this.closed) return Promise.reject(new Error('The event store is closed'));
    return new Promise((resolve, reject) => {
      if (this.pending.length === 0) setImmediate(() => this.commitPending());
      this.pending.push({ streamName, events, expected: options.expectedRevision ?? 'any', resolve, reject });
    });
  }

  /** Writes every queued append in one transaction, then answers each caller. */
  private commitPending(): void {
    const group = this.pending;
    if (group.length === 0) return;
    this.pending = [];
    let outcomes: AppendOutcome[];
    try {
      outcomes = this.commitGroup(group);
    } catch (error) {
      // The transaction itself failed (BEGIN or COMMIT): nothing of the group was written.
      for (const append of group) append.reject(error);
      return;
    }
    if (outcomes.some((outcome) => 'result' in outcome)) appendedInProcess.emit(this.filePath);
    outcomes.forEach((outcome, index) => ('result' in outcome ? group[index].resolve(outcome.result) : group[index].reject(outcome.error)));
  }

  async readStream(streamName: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    return this.selectStream.all(streamName, options.fromRevision ?? 0, options.maxCount ?? NO_LIMIT).map(toRecordedEvent);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return this.readAfter(options.after ?? 0n, options.maxCount ?? NO_LIMIT);
  }

  subscribeToAll(options: SubscribeToAllOptions): Subscription {
    if (this.closed) throw new Error('The event store is closed');
    const subscription = new PollingSubscription(
      {
        readAfter: (position, maxCount) => this.readAfter(position, maxCount),
        onAppended: (listener) => {
          appendedInProcess.on(this.filePath, listener);
          return () => appendedInProcess.off(this.filePath, listener);
        },
      },
      options,
      { batchSize: this.options.subscriptionBatchSize ?? 500, pollIntervalMs: this.options.pollIntervalMs ?? 150 },
    );
    this.subscriptions.add(subscription);
    return {
      unsubscribe: async () => {
        this.subscriptions.delete(subscription);
        await subscription.unsubscribe();
      },
    };
  }

  async headPosition(): Promise<bigint | null> {
    return this.selectHead.get()?.head ?? null;
  }

  /**
   * From positions, without reading the events: positions are dense. They are the AUTOINCREMENT
   * rowid from 1, an append that fails is rolled back to its savepoint (the sequence with it), and
   * no event is ever deleted, so the events after `p` are exactly `head - p`.
   */
  async countAfter(after: bigint | null): Promise<number> {
    const head = this.selectHead.get()?.head ?? 0n;
    const from = after ?? 0n;
    return head > from ? Number(head - from) : 0;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.commitPending();
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.unsubscribe()));
    this.subscriptions.clear();
    this.db.close();
  }

  private readAfter(position: bigint, maxCount: number): RecordedEvent[] {
    return this.recent.read(position, maxCount, (after, count) => this.selectAllAfter.all(after, count).map(toRecordedEvent));
  }

  /** Runs inside the IMMEDIATE transaction: the revision check and the inserts see no other writer. */
  private append(streamName: string, events: readonly EventToAppend[], expected: ExpectedRevision): AppendResult {
    const lastRevision = this.selectLastRevision.get(streamName)?.revision ?? null;
    const current = lastRevision === null ? null : Number(lastRevision);
    if (!revisionMatches(expected, current)) throw new WrongExpectedRevisionError(streamName, expected, current ?? 'no_stream');
    const recordedAt = new Date().toISOString();
    let revision = current ?? -1;
    let position = 0n;
    for (const event of events) {
      revision += 1;
      const { lastInsertRowid } = this.insertEvent.run({
        id: event.id ?? randomUUID(),
        stream: streamName,
        revision,
        type: event.type,
        data: JSON.stringify(event.data ?? null),
        metadata: JSON.stringify(event.metadata),
        recordedAt,
      });
      position = BigInt(lastInsertRowid);
    }
    return { nextExpectedRevision: revision, position };
  }
}

/** What one append of a group throws to its caller. */
function appendError({ streamName, events }: PendingAppend, error: unknown): unknown {
  return isDuplicateIdViolation(error) ? new DuplicateEventIdError(streamName, events.map((event) => event.id).filter(isString)) : error;
}

function revisionMatches(expected: ExpectedRevision, current: number | null): boolean {
  switch (expected) {
    case 'any':
      return true;
    case 'no_stream':
      return current === null;
    case 'stream_exists':
      return current !== null;
    default:
      return current === expected;
  }
}

/**
 * Checked by shape, not `instanceof`: the native addon keeps the SqliteError class of the first
 * module instance that loaded it, so in a process with several module registries (jest) the
 * class identity is not reliable.
 */
function isDuplicateIdViolation(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof message === 'string' && message.includes('events.id');
}

function isString(value: string | undefined): value is string {
  return value !== undefined;
}

function toRecordedEvent([position, id, stream, revision, type, data, metadata, recordedAt]: EventRow): RecordedEvent {
  return {
    id,
    streamName: stream,
    revision: Number(revision),
    position,
    type,
    data: JSON.parse(data) as unknown,
    metadata: JSON.parse(metadata) as EventMetadata,
    recordedAt: new Date(recordedAt),
  };
}
