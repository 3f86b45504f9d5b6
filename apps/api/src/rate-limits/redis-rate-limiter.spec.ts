import IORedis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { freePort } from '@app/testing';
import { FallbackRateLimiter } from './fallback-rate-limiter';
import { describeRateLimiterContract } from './rate-limiter.contract';
import { RedisRateLimiter } from './redis-rate-limiter';

const redisUrl = process.env.TEST_REDIS_URL;

if (redisUrl) {
  // As the site composes it (rate-limits.module.ts): Redis, insured by an in-process limiter.
  describeRateLimiterContract('Redis', async () => {
    const prefix = `test-rate-limits-${randomUUID()}`;
    return {
      open: async () => new FallbackRateLimiter(new RedisRateLimiter({ url: redisUrl, prefix })),
      openUnreachable: async () => new FallbackRateLimiter(new RedisRateLimiter({ url: `redis://127.0.0.1:${await freePort()}`, prefix })),
      dispose: async () => {
        const redis = new IORedis(redisUrl);
        const keys = await redis.keys(`${prefix}:*`);
        if (keys.length > 0) await redis.del(...keys);
        await redis.quit();
      },
    };
  });
} else if (process.env.CI === 'true') {
  it('runs the RateLimiter contract against a real Redis', () => {
    throw new Error(
      'TEST_REDIS_URL is not set: the Redis rate limiter must be tested against a real Redis in CI (test/run-all.sh starts one).',
    );
  });
} else {
  it.todo('RateLimiter contract on Redis: set TEST_REDIS_URL (e.g. redis://127.0.0.1:6390) to run it');
}

describe('RedisRateLimiter while Redis is away', () => {
  it('fails at once (no offline queue), so the fallback answers without holding the command', async () => {
    const limiter = new RedisRateLimiter({ url: `redis://127.0.0.1:${await freePort()}` });
    const reported: unknown[] = [];
    const insured = new FallbackRateLimiter(limiter, { onFallback: (error) => reported.push(error) });
    try {
      await expect(limiter.take({ name: 'away', max: 1, windowMs: 1000 }, 'ada', 0)).rejects.toThrow();
      expect((await insured.take({ name: 'away', max: 1, windowMs: 1000 }, 'ada', 0)).granted).toBe(true);
      expect((await insured.take({ name: 'away', max: 1, windowMs: 1000 }, 'ada', 1)).granted).toBe(false);
      expect(reported).toHaveLength(1);
    } finally {
      await insured.close();
    }
  });
});
