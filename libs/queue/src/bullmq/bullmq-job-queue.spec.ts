import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { CONTRACT_BACKOFF_MS, describeJobQueueContract } from '../job-queue.contract';
import { fromBullJobId, toBullJobId } from './bull-job-id';
import { BullMqJobQueue } from './bullmq-job-queue';

const redisUrl = process.env.TEST_REDIS_URL;

if (redisUrl) {
  describeJobQueueContract('BullMQ on Redis', async () => {
    // A fresh key prefix per test: tests never see each other's jobs, even on a shared Redis.
    const prefix = `test-${randomUUID()}`;
    return {
      open: async () => new BullMqJobQueue({ url: redisUrl, prefix, maxAttempts: 5, backoffMs: CONTRACT_BACKOFF_MS }),
      dispose: () => deleteKeys(redisUrl, `${prefix}:*`),
    };
  });

  describe('BullMQ job queue: what a finished job keeps', () => {
    it('keeps the id of a completed job (an enqueue of it again does nothing) but not its data', async () => {
      const prefix = `test-${randomUUID()}`;
      const queue = new BullMqJobQueue({ url: redisUrl, prefix, backoffMs: CONTRACT_BACKOFF_MS });
      const runs: unknown[] = [];
      try {
        await queue.process('send-mail', async (data) => void runs.push(data));
        await queue.enqueue({ id: 'event-1', name: 'send-mail', data: { to: 'ada@example.com' } });
        const inspector = new Queue('send-mail', { connection: { url: redisUrl }, prefix });
        try {
          const deadline = Date.now() + 10_000;
          let job = await inspector.getJob(toBullJobId('event-1'));
          while ((!job?.finishedOn || job.data !== null) && Date.now() < deadline) {
            await new Promise((resolve) => setTimeout(resolve, 50));
            job = await inspector.getJob(toBullJobId('event-1'));
          }
          expect(job?.finishedOn).toBeDefined();
          expect(job?.data).toBeNull();
        } finally {
          await inspector.close();
        }
        await queue.enqueue({ id: 'event-1', name: 'send-mail', data: { to: 'ada@example.com' } });
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(runs).toEqual([{ to: 'ada@example.com' }]);
      } finally {
        await queue.close();
        await deleteKeys(redisUrl, `${prefix}:*`);
      }
    });
  });
} else if (process.env.CI === 'true') {
  it('runs the BullMQ contract against a real Redis', () => {
    throw new Error(
      'TEST_REDIS_URL is not set: the BullMQ adapter must be tested against a real Redis in CI (test/run-all.sh starts one).',
    );
  });
} else {
  it.todo('BullMQ contract: set TEST_REDIS_URL (e.g. redis://127.0.0.1:6390) to run it against a real Redis');
}

describe('BullMQ job ids', () => {
  it.each(['0b6f3c52-8a4e-4c5e-9d1f-2f6c1a7e9b10', 'account:ada', '42', '~x', 'plain'])('maps %s one-to-one', (id) => {
    const bullJobId = toBullJobId(id);
    expect(bullJobId).not.toContain(':');
    expect(`${parseInt(bullJobId, 10)}`).not.toBe(bullJobId);
    expect(fromBullJobId(bullJobId)).toBe(id);
  });

  it('keeps UUIDs readable', () => {
    expect(toBullJobId('0b6f3c52-8a4e-4c5e-9d1f-2f6c1a7e9b10')).toBe('0b6f3c52-8a4e-4c5e-9d1f-2f6c1a7e9b10');
  });
});

async function deleteKeys(url: string, pattern: string): Promise<void> {
  const redis = new IORedis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}
