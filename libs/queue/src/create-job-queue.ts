import { join } from 'node:path';
import type * as BullMq from './bullmq/bullmq-job-queue';
import { JobQueue, RetryOptions } from './job-queue.port';
import { SqliteJobQueue } from './sqlite/sqlite-job-queue';

export interface JobQueueConfig extends RetryOptions {
  dataDir: string;
  /** Set: BullMQ on this Redis. Unset: the embedded SQLite outbox at `<dataDir>/queue.sqlite`. */
  redisUrl?: string;
  onError?: (error: unknown) => void;
}

export function createJobQueue(config: JobQueueConfig): JobQueue {
  const { dataDir, redisUrl, ...options } = config;
  if (redisUrl)
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when configured: a process never loads the clients it does not use
    return new (require('./bullmq/bullmq-job-queue') as typeof BullMq).BullMqJobQueue({ url: redisUrl, ...options });
  return new SqliteJobQueue({ file: join(dataDir, 'queue.sqlite'), ...options });
}
