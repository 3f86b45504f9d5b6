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
