import { Job, Queue, Worker } from 'bullmq';
import IORedis from 'ioredis';
import {
  DEFAULT_BACKOFF_MS,
  DEFAULT_MAX_ATTEMPTS,
  FailedJob,
  IDEMPOTENCY_WINDOW_MS,
  JobHandler,
  JobQueue,
  JobQueueStats,
  JobQueueUnavailable,
  JobToEnqueue,
  ProcessOptions,
  RetryOptions,
} from '../job-queue.port';
import { fromBullJobId, toBullJobId } from './bull-job-id';

export interface BullMqJobQueueOptions extends RetryOptions {
  /** redis://[user:password@]host:port[/db] */
  url: string;
  /** Namespace of every Redis key this queue writes. Default `devcommunity`. */
  prefix?: string;
  /**
   * How long completed jobs (their id, not their data) stay in Redis. BullMQ ignores an `add`
   * only while a job with that id exists, so this is the window in which re-enqueueing an id (a
   * replayed reactor) sends nothing: at least IDEMPOTENCY_WINDOW_MS by default. A `count` limit
   * would shorten it on a busy site; leave it out unless the reactors' own age limits allow it.
   */
  keepCompleted?: { ageSeconds: number; count?: number };
  /** Where connection and worker errors go (job failures are recorded in the failed set). */
  onError?: (error: unknown) => void;
}

/**
 * How long an enqueue (or a stats read) may take before it fails with JobQueueUnavailable. While
 * Redis is away the connections fail a command at once (no offline queue) and reconnect in the
 * background; this bounds the one wait left: a first connection that never comes.
 */
const CALL_TIMEOUT_MS = 5_000;
/** Commands of the producer side; the workers' blocking connections keep BullMQ's own settings. */
const FAIL_FAST = { enableOfflineQueue: false, maxRetriesPerRequest: 0 } as const;

const COUNTED_STATES = ['waiting', 'delayed', 'prioritized', 'waiting-children', 'active', 'completed', 'failed'] as const;

/**
 * The production JobQueue: BullMQ on Redis. Each job name is its own BullMQ queue (so a worker
 * only ever takes the jobs it has a handler for); the job names in use are kept in a Redis set so
 * `stats` and `failed` see every queue, also from a process that never touched it.
 * Failed jobs are never removed: they stay for inspection.
 */
export class BullMqJobQueue implements JobQueue {
  private readonly prefix: string;
  private readonly maxAttempts: number;
  private readonly backoffMs: number;
  private readonly keepCompleted: { ageSeconds: number; count?: number };
  private readonly onError: (error: unknown) => void;
  private readonly registry: IORedis;
  private readonly queues = new Map<string, Queue>();
  private readonly workers = new Map<string, Worker>();
  private readonly registeredNames = new Set<string>();
  private closed = false;

  constructor(private readonly options: BullMqJobQueueOptions) {
    this.prefix = options.prefix ?? 'devcommunity';
    this.maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    this.backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
    this.keepCompleted = options.keepCompleted ?? { ageSeconds: IDEMPOTENCY_WINDOW_MS / 1000 };
    this.onError = options.onError ?? ((error) => console.error('[BullMqJobQueue]', error));
    // Offline queue kept, but bounded: the first enqueues may come before the first connection.
    this.registry = new IORedis(options.url, { maxRetriesPerRequest: 0, commandTimeout: CALL_TIMEOUT_MS });
    this.registry.on('error', this.onError);
  }

  async enqueue(job: JobToEnqueue): Promise<void> {
    this.assertOpen();
    assertJobName(job.name);
    await this.reachable(`enqueue ${job.name} ${job.id}`, () => this.add(job));
  }

  private async add(job: JobToEnqueue): Promise<void> {
    await this.register(job.name);
    // An id BullMQ already holds is ignored by `add`: that is the idempotency of the port.
    await this.queueFor(job.name).add(job.name, job.data ?? null, {
      jobId: toBullJobId(job.id),
      attempts: this.maxAttempts,
      backoff: { type: 'exponential', delay: this.backoffMs },
      removeOnComplete: {
        age: this.keepCompleted.ageSeconds,
        ...(this.keepCompleted.count === undefined ? {} : { count: this.keepCompleted.count }),
      },
      removeOnFail: false,
    });
  }

  async process<Data = unknown>(name: string, handler: JobHandler<Data>, options: ProcessOptions = {}): Promise<void> {
    this.assertOpen();
    if (this.workers.has(name)) throw new Error(`Jobs named "${name}" already have a handler in this process`);
    await this.register(name);
    const worker = new Worker(
      name,
      async (job: Job) => handler(job.data as Data, { id: fromBullJobId(job.id ?? ''), attempt: job.attemptsMade + 1 }),
      {
        // Workers block on Redis; a finite retry count would turn a Redis restart into a crash.
        connection: { url: this.options.url, maxRetriesPerRequest: null },
        prefix: this.prefix,
        concurrency: Math.max(1, Math.floor(options.concurrency ?? 1)),
      },
    );
    worker.on('error', this.onError);
    // The job stays (its id keeps the queue idempotent) but its data goes: a mail's payload is
    // personal data. A crash right before this leaves it sealed with its recipient's key.
    worker.on('completed', (job: Job) => void job.updateData(null).catch(this.onError));
    this.workers.set(name, worker);
    await worker.waitUntilReady();
  }

  async stats(): Promise<JobQueueStats> {
    return this.reachable('read the job counts', () => this.counts());
  }

  private async counts(): Promise<JobQueueStats> {
    const stats: JobQueueStats = { waiting: 0, active: 0, completed: 0, failed: 0 };
    for (const name of await this.knownNames()) {
      const counts = await this.queueFor(name).getJobCounts(...COUNTED_STATES);
      stats.active += counts.active ?? 0;
      stats.completed += counts.completed ?? 0;
      stats.failed += counts.failed ?? 0;
      stats.waiting += (counts.waiting ?? 0) + (counts.delayed ?? 0) + (counts.prioritized ?? 0) + (counts['waiting-children'] ?? 0);
    }
    return stats;
  }

  async failed(limit: number): Promise<FailedJob[]> {
    if (limit <= 0) return [];
    return this.reachable('read the failed jobs', () => this.lastFailed(limit));
  }

  private async lastFailed(limit: number): Promise<FailedJob[]> {
    const failedJobs: Job[] = [];
    for (const name of await this.knownNames()) {
      // getFailed lists newest first; the `limit` newest of each queue hold the `limit` newest overall.
      failedJobs.push(...((await this.queueFor(name).getFailed(0, limit - 1)) as Job[]));
    }
    return failedJobs
      .sort((a, b) => (b.finishedOn ?? 0) - (a.finishedOn ?? 0))
      .slice(0, limit)
      .map((job) => ({
        id: fromBullJobId(job.id ?? ''),
        name: job.name,
        data: job.data as unknown,
        error: job.failedReason ?? '',
        attempts: job.attemptsMade,
      }));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Workers first: close() lets running jobs finish before the connections go.
    await Promise.all([...this.workers.values()].map((worker) => worker.close()));
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    await this.registry.quit();
  }

  private queueFor(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: { url: this.options.url, ...FAIL_FAST }, prefix: this.prefix });
      queue.on('error', this.onError);
      this.queues.set(name, queue);
    }
    return queue;
  }

  private async register(name: string): Promise<void> {
    assertJobName(name);
    if (this.registeredNames.has(name)) return;
    await this.registry.sadd(this.namesKey(), name);
    this.registeredNames.add(name);
  }

  private async knownNames(): Promise<string[]> {
    return (await this.registry.smembers(this.namesKey())).sort();
  }

  private namesKey(): string {
    return `${this.prefix}:_registry:job-names`;
  }

  /** Runs a call on Redis within CALL_TIMEOUT_MS; any failure of it says that Redis is unavailable, and why. */
  private async reachable<T>(what: string, call: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${CALL_TIMEOUT_MS} ms`)), CALL_TIMEOUT_MS);
    });
    try {
      return await Promise.race([call(), timeout]);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new JobQueueUnavailable(`The job queue (Redis) is unavailable, could not ${what}: ${reason}`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The job queue is closed');
  }
}

function assertJobName(name: string): void {
  if (name.includes(':')) throw new Error(`A job name cannot contain ':' (BullMQ queue names cannot): ${name}`);
}
