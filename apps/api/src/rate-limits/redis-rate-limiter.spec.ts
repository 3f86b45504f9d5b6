import IORedis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { describeRateLimiterContract } from './rate-limiter.contract';
import { RedisRateLimiter } from './redis-rate-limiter';

const redisUrl = process.env.TEST_REDIS_URL;

if (redisUrl) {
  describeRateLimiterContract('Redis', async () => {
    const prefix = `test-rate-limits-${randomUUID()}`;
    return {
      open: async () => new RedisRateLimiter({ url: redisUrl, prefix }),
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
