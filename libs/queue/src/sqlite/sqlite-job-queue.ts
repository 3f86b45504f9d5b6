import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  DEFAULT_BACKOFF_MS,
  DEFAULT_MAX_ATTEMPTS,
  errorMessage,
  FailedJob,
  JobHandler,
  JobQueue,
  JobQueueStats,
  JobToEnqueue,
  ProcessOptions,
  RetryOptions,
  retryDelayMs,
} from '../job-queue.port';

export interface SqliteJobQueueOptions extends RetryOptions {
  /** The database file, usually `<dataDir>/queue.sqlite`. */
  file: string;
  /** How often consumers look for due jobs (retries, jobs enqueued by other processes). Default 200 ms. */
  pollIntervalMs?: number;
  /**
   * A running job's row is refreshed every third of this; a job left `active` longer than this
   * (its process died mid-run) goes back to waiting. Default 5 minutes.
   */
  leaseMs?: number;
  /** Where background failures of the queue itself go (not job failures, which are recorded). */
  onError?: (error: unknown) => void;
}

type JobState = 'waiting' | 'active' | 'completed' | 'failed';

interface ClaimedJob {
  id: string;
  data: string;
  attempts: number;
}

interface Consumer {
  handler: JobHandler;
  concurrency: number;
  running: number;
}

/** A new job's row as the insert takes it. */
type JobRow = [id: string, name: string, data: string, runAt: number, updatedAt: number];

/** An enqueue waiting for the next turn's commit. */
interface PendingInsert {
  job: JobToEnqueue;
  committed: () => void;
  failed: (error: unknown) => void;
}

/** A finished run whose outcome the next turn's commit records. */
interface PendingOutcome {
  job: ClaimedJob;
  failure: string | undefined;
  recorded: () => void;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS jobs (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    data TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('waiting', 'active', 'completed', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0,
    run_at INTEGER NOT NULL,
    last_error TEXT,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS jobs_due ON jobs (state, name, run_at);
`;

/**
 * The embedded JobQueue: a durable outbox table in its own SQLite file, consumed by a poll loop
 * in the same process. Several processes may share the file; claiming a job is one atomic
 * update, so each run belongs to exactly one consumer.
 *
 * Completed jobs keep their row (so an id enqueued again is still ignored) but not their data:
 * mail payloads hold personal data, which must not outlive the delivery.
 *
 * The writes of one event-loop turn share one transaction, and so one fsync: the enqueues made in
 * it (each resolves once that commit is durable), the outcomes of the runs that finished in it and
 * the claims of the consumers' free slots. A mail used to cost three commits (enqueued, claimed,
 * completed), each blocking the event loop of the process that sends it for its fsync.
 */
export class SqliteJobQueue implements JobQueue {
  private readonly db: Database.Database;
  private readonly maxAttempts: number;
  private readonly backoffMs: number;
  private readonly pollIntervalMs: number;
  private readonly leaseMs: number;
  private readonly onError: (error: unknown) => void;
  private readonly consumers = new Map<string, Consumer>();
  private readonly running = new Map<string, Promise<void>>();
  private pendingInserts: PendingInsert[] = [];
  /** Inside the turn's transaction, a savepoint. */
  private readonly insertOne: (...row: JobRow) => void;
  private pendingOutcomes: PendingOutcome[] = [];
  private pollTimer?: NodeJS.Timeout;
  private leaseTimer?: NodeJS.Timeout;
  private wakeScheduled = false;
  private closed = false;

  private readonly statements: {
    insert: Database.Statement<JobRow>;
    hasDue: Database.Statement<[string, number], unknown>;
    claim: Database.Statement<{ now: number; name: string }, ClaimedJob>;
    complete: Database.Statement<[number, string]>;
    retry: Database.Statement<[number, string, number, string]>;
    fail: Database.Statement<[string, number, string]>;
    renewLeases: Database.Statement<[number, string]>;
    reclaim: Database.Statement<{ now: number; cutoff: number; maxAttempts: number }>;
    countByState: Database.Statement<[], { state: JobState; count: number }>;
    failed: Database.Statement<[number], { id: string; name: string; data: string; last_error: string | null; attempts: number }>;
  };

  constructor(options: SqliteJobQueueOptions) {
    this.maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    this.backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
    this.pollIntervalMs = options.pollIntervalMs ?? 200;
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.onError = options.onError ?? ((error) => console.error('[SqliteJobQueue]', error));

    mkdirSync(dirname(options.file), { recursive: true });
    this.db = new Database(options.file);
    this.db.pragma('journal_mode = WAL');
    // An acknowledged enqueue must survive a power cut, not only a process crash.
    this.db.pragma('synchronous = FULL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);

    this.statements = {
      insert: this.db.prepare(
        `INSERT INTO jobs (id, name, data, state, attempts, run_at, updated_at)
         VALUES (?, ?, ?, 'waiting', 0, ?, ?) ON CONFLICT (id) DO NOTHING`,
      ),
      hasDue: this.db.prepare(`SELECT 1 FROM jobs WHERE state = 'waiting' AND name = ? AND run_at <= ? LIMIT 1`),
      claim: this.db.prepare(
        `UPDATE jobs SET state = 'active', attempts = attempts + 1, updated_at = @now
         WHERE state = 'waiting' AND id = (
           SELECT id FROM jobs WHERE state = 'waiting' AND name = @name AND run_at <= @now ORDER BY run_at, rowid LIMIT 1)
         RETURNING id, data, attempts`,
      ),
      complete: this.db.prepare(
        `UPDATE jobs SET state = 'completed', data = 'null', last_error = NULL, updated_at = ?
         WHERE id = ? AND state = 'active'`,
      ),
      retry: this.db.prepare(
        `UPDATE jobs SET state = 'waiting', updated_at = ?, last_error = ?, run_at = ?
         WHERE id = ? AND state = 'active'`,
      ),
      fail: this.db.prepare(`UPDATE jobs SET state = 'failed', last_error = ?, updated_at = ? WHERE id = ? AND state = 'active'`),
      renewLeases: this.db.prepare(`UPDATE jobs SET updated_at = ? WHERE state = 'active' AND id IN (SELECT value FROM json_each(?))`),
      reclaim: this.db.prepare(
        `UPDATE jobs
         SET state = CASE WHEN attempts >= @maxAttempts THEN 'failed' ELSE 'waiting' END,
             last_error = 'Interrupted: the process running it stopped before it finished',
             run_at = @now, updated_at = @now
         WHERE state = 'active' AND updated_at < @cutoff`,
      ),
      countByState: this.db.prepare(`SELECT state, COUNT(*) AS count FROM jobs GROUP BY state`),
      failed: this.db.prepare(
        `SELECT id, name, data, last_error, attempts FROM jobs WHERE state = 'failed'
         ORDER BY updated_at DESC, rowid DESC LIMIT ?`,
      ),
    };
    const { insert } = this.statements;
    this.insertOne = this.db.transaction((...row: JobRow) => void insert.run(...row));
  }

  async enqueue(job: JobToEnqueue): Promise<void> {
    this.assertOpen();
    return new Promise((committed, failed) => {
      this.pendingInserts.push({ job, committed, failed });
      this.wake();
    });
  }

  async process<Data = unknown>(name: string, handler: JobHandler<Data>, options: ProcessOptions = {}): Promise<void> {
    this.assertOpen();
    if (this.consumers.has(name)) throw new Error(`Jobs named "${name}" already have a handler in this process`);
    const concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
    this.consumers.set(name, { handler: handler as JobHandler, concurrency, running: 0 });
    if (!this.pollTimer) {
      this.reclaimExpiredLeases();
      this.pollTimer = setInterval(() => this.turn(), this.pollIntervalMs);
      this.leaseTimer = setInterval(() => this.maintainLeases(), Math.max(1, Math.floor(this.leaseMs / 3)));
    }
    this.wake();
  }

  async stats(): Promise<JobQueueStats> {
    const stats: JobQueueStats = { waiting: 0, active: 0, completed: 0, failed: 0 };
    for (const row of this.statements.countByState.all()) stats[row.state] = row.count;
    return stats;
  }

  async failed(limit: number): Promise<FailedJob[]> {
    return this.statements.failed.all(limit).map((row) => ({
      id: row.id,
      name: row.name,
      data: JSON.parse(row.data) as unknown,
      error: row.last_error ?? '',
      attempts: row.attempts,
    }));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.pollTimer);
    clearInterval(this.leaseTimer);
    // Running handlers finish and record their outcome, and what was enqueued is committed, before the database goes away.
    await Promise.allSettled([...this.running.values()]);
    this.turn();
    this.db.close();
  }

  private wake(): void {
    if (this.wakeScheduled) return;
    this.wakeScheduled = true;
    setImmediate(() => {
      this.wakeScheduled = false;
      this.turn();
    });
  }

  /** One transaction: this turn's enqueues and outcomes, then a claim for each free slot (none once closed). */
  private turn(): void {
    const inserts = this.pendingInserts.splice(0);
    const outcomes = this.pendingOutcomes.splice(0);
    const now = Date.now();
    let claimed: [Consumer, ClaimedJob][];
    let refused: Map<PendingInsert, unknown>;
    try {
      // A cheap read first, so an idle poll never takes the write lock.
      if (inserts.length === 0 && outcomes.length === 0 && !this.anyDue(now)) return;
      // IMMEDIATE: take the write lock before reading, so a concurrent claimer waits instead of failing.
      [claimed, refused] = this.db
        .transaction(() => {
          const refused = this.insertEach(inserts, now);
          for (const { job, failure } of outcomes) this.recordOutcome(job, failure, now);
          return [this.closed ? [] : this.claimFreeSlots(now), refused] as const;
        })
        .immediate();
    } catch (error) {
      // An enqueue's failure is its caller's; finished runs are left active and run again once their lease expires, as after a crash.
      for (const insert of inserts) insert.failed(error);
      if (inserts.length === 0 || outcomes.length > 0) this.onError(error);
      for (const outcome of outcomes) outcome.recorded();
      return;
    }
    for (const insert of inserts) {
      if (refused.has(insert)) insert.failed(refused.get(insert));
      else insert.committed();
    }
    for (const outcome of outcomes) outcome.recorded();
    for (const [consumer, job] of claimed) this.run(consumer, job);
  }

  /** Each in a savepoint of its own: a job the table refuses fails its own enqueue, not the others of the turn. */
  private insertEach(inserts: readonly PendingInsert[], now: number): Map<PendingInsert, unknown> {
    const refused = new Map<PendingInsert, unknown>();
    for (const insert of inserts) {
      const { job } = insert;
      try {
        this.insertOne(job.id, job.name, JSON.stringify(job.data ?? null), now, now);
      } catch (error) {
        refused.set(insert, error);
      }
    }
    return refused;
  }

  private anyDue(now: number): boolean {
    if (this.closed) return false;
    for (const [name, consumer] of this.consumers) {
      if (consumer.running < consumer.concurrency && this.statements.hasDue.get(name, now)) return true;
    }
    return false;
  }

  private claimFreeSlots(now: number): [Consumer, ClaimedJob][] {
    const claimed: [Consumer, ClaimedJob][] = [];
    for (const [name, consumer] of this.consumers) {
      for (let free = consumer.concurrency - consumer.running; free > 0; free--) {
        const job = this.statements.claim.get({ now, name });
        if (!job) break;
        claimed.push([consumer, job]);
      }
    }
    return claimed;
  }

  private run(consumer: Consumer, job: ClaimedJob): void {
    consumer.running += 1;
    const execution = (async () => {
      let failure: string | undefined;
      try {
        await consumer.handler(JSON.parse(job.data), { id: job.id, attempt: job.attempts });
      } catch (error) {
        failure = errorMessage(error);
      }
      // The slot is free at once: the turn that records this outcome may claim the next job with it.
      consumer.running -= 1;
      await new Promise<void>((recorded) => {
        this.pendingOutcomes.push({ job, failure, recorded });
        this.wake();
      });
      this.running.delete(job.id);
    })();
    this.running.set(job.id, execution);
  }

  private recordOutcome(job: ClaimedJob, failure: string | undefined, now: number): void {
    if (failure === undefined) this.statements.complete.run(now, job.id);
    else if (job.attempts >= this.maxAttempts) this.statements.fail.run(failure, now, job.id);
    else this.statements.retry.run(now, failure, now + retryDelayMs(job.attempts, this.backoffMs), job.id);
  }

  private maintainLeases(): void {
    if (this.closed) return;
    try {
      if (this.running.size > 0) this.statements.renewLeases.run(Date.now(), JSON.stringify([...this.running.keys()]));
      this.reclaimExpiredLeases();
    } catch (error) {
      this.onError(error);
    }
  }

  private reclaimExpiredLeases(): void {
    const now = Date.now();
    const { changes } = this.statements.reclaim.run({ now, cutoff: now - this.leaseMs, maxAttempts: this.maxAttempts });
    if (changes > 0) this.wake();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The job queue is closed');
  }
}
