/**
 * The JobQueue port: durable background work (e-mail first) with retries.
 *
 * Guarantees every adapter keeps (checked by `describeJobQueueContract`):
 * - Once `enqueue` resolved, the job is durable: it runs even if the process dies right after,
 *   once a consumer for its name is running again.
 * - Idempotent by id: enqueueing an id that the queue already holds (waiting, running, completed
 *   or failed) does nothing, so a replayed reactor sends nothing twice. A completed job is held
 *   at least IDEMPOTENCY_WINDOW_MS (the SQLite outbox: forever); reactors do not send what is
 *   older than that. Give every job its own id (e.g. the id of the event that caused it) and
 *   never reuse one for another job name.
 * - A completed job keeps no data (its payload may be personal data), only its id.
 * - A failing handler is retried with exponential backoff, `maxAttempts` times in all (5 by
 *   default); after the last failure the job is kept as failed, with its error, for inspection.
 * - Delivery is at least once: a handler interrupted by a crash runs again, so handlers must
 *   tolerate a rare repeat.
 */
export interface JobQueue {
  /**
   * Resolves once the job is durable. While the queue's store is unreachable it fails within a
   * few seconds with `JobQueueUnavailable` (never waits for the store to come back): the caller
   * (a reactor) retries later with the same id.
   */
  enqueue(job: JobToEnqueue): Promise<void>;

  /** Starts consuming jobs of one name; resolves once the consumer is running. One handler per name. */
  process<Data = unknown>(name: string, handler: JobHandler<Data>, options?: ProcessOptions): Promise<void>;

  /** Job counts by state, over every job name this queue knows. Retries waiting for their backoff count as waiting. */
  stats(): Promise<JobQueueStats>;

  /** The most recently failed jobs, newest first. */
  failed(limit: number): Promise<FailedJob[]>;

  /** Stops consuming (waits for running handlers to finish) and releases connections. */
  close(): Promise<void>;
}

export interface JobToEnqueue {
  id: string;
  name: string;
  data: unknown;
}

export interface JobMeta {
  id: string;
  /** 1 for the first run, 2 for the first retry, ... */
  attempt: number;
}

export type JobHandler<Data = unknown> = (data: Data, meta: JobMeta) => Promise<void>;

export interface ProcessOptions {
  /** How many jobs of this name run at the same time in this process. Default 1. */
  concurrency?: number;
}

export interface JobQueueStats {
  waiting: number;
  active: number;
  completed: number;
  failed: number;
}

export interface FailedJob {
  id: string;
  name: string;
  data: unknown;
  error: string;
  attempts: number;
}

/** Retry policy shared by the adapters. */
export interface RetryOptions {
  /** Total runs before a job is left failed. Default 5. */
  maxAttempts?: number;
  /** Delay before the first retry; each later retry waits twice as long. Default 1000 ms. */
  backoffMs?: number;
}

/** The queue's store (Redis) cannot be reached or did not answer in time: an outage, not a bad job. */
export class JobQueueUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'JobQueueUnavailable';
  }
}

export const DEFAULT_MAX_ATTEMPTS = 5;
/** How long, at least, a completed job's id keeps an enqueue of the same id from running again. */
export const IDEMPOTENCY_WINDOW_MS = 30 * 24 * 3600 * 1000;
export const DEFAULT_BACKOFF_MS = 1000;

/** Delay before the run that follows failed attempt number `attempt` (1-based): base, 2·base, 4·base, ... */
export function retryDelayMs(attempt: number, backoffMs: number): number {
  return backoffMs * 2 ** (attempt - 1);
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
