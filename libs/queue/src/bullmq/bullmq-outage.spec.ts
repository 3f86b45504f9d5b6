import { eventually, TestRedisServer } from '@app/testing';
import { JobQueueUnavailable } from '../job-queue.port';
import { BullMqJobQueue } from './bullmq-job-queue';

/** Redis stopped under a running queue: enqueue fails fast and clearly, and works again once Redis is back. */
describe('BullMQ job queue while Redis is away', () => {
  let redis: TestRedisServer;
  let queue: BullMqJobQueue;
  const runs: string[] = [];

  beforeAll(async () => {
    redis = await TestRedisServer.start();
    queue = new BullMqJobQueue({ url: redis.url, backoffMs: 10, onError: () => undefined });
    await queue.process<{ n: string }>('send-mail', async ({ n }) => void runs.push(n));
  });
  afterAll(async () => {
    await redis.resume();
    await queue.close();
    await redis.stop();
  });

  it('refuses an enqueue at once with JobQueueUnavailable, then reconnects and takes it (once) when Redis is back', async () => {
    await queue.enqueue({ id: 'before', name: 'send-mail', data: { n: 'before' } });
    await until(() => runs.includes('before'));

    await redis.stop();
    const refused = queue.enqueue({ id: 'during', name: 'send-mail', data: { n: 'during' } });
    await expect(refused).rejects.toBeInstanceOf(JobQueueUnavailable);
    await expect(refused).rejects.toThrow(/job queue \(Redis\) is unavailable/);

    await redis.resume();
    // The producer's connection comes back on its own (ioredis retries in the background).
    await until(async () => {
      try {
        await queue.enqueue({ id: 'during', name: 'send-mail', data: { n: 'during' } });
        return true;
      } catch {
        return false;
      }
    }, 30_000);
    await queue.enqueue({ id: 'during', name: 'send-mail', data: { n: 'during' } });
    // And the worker's blocking connection too.
    await until(() => runs.includes('during'), 30_000);
    expect(runs).toEqual(['before', 'during']);
  }, 60_000);
});

const until = (condition: () => boolean | Promise<boolean>, timeoutMs = 10_000) => eventually(condition, 'a condition', timeoutMs);
