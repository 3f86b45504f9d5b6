import IORedis, { type Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { RateLimiter, RateWindow, Reservation } from './rate-limiter.port';

/**
 * One sorted set per window and subject (member: the slot, score: when it was taken). The Lua
 * script runs atomically in Redis, so racing takes from any number of processes count exactly.
 * Returns {1, 0} for a granted slot, {0, retryAfterMs} for a refusal.
 */
const TAKE = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local windowMs = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - windowMs)
local count = redis.call('ZCARD', key)
if count >= max then
  local oldest = redis.call('ZRANGE', key, count - max, count - max, 'WITHSCORES')
  return {0, tonumber(oldest[2]) + windowMs - now}
end
redis.call('ZADD', key, now, ARGV[4])
redis.call('PEXPIRE', key, windowMs)
return {1, 0}
`;

export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;

  constructor(options: { url: string; prefix?: string }) {
    this.redis = new IORedis(options.url, { keyPrefix: `${options.prefix ?? 'rate-limits'}:`, lazyConnect: false });
  }

  async take(window: RateWindow, subject: string, nowMs: number): Promise<Reservation> {
    const slot = `${nowMs}:${randomUUID()}`;
    const [granted, retryAfterMs] = (await this.redis.eval(
      TAKE,
      1,
      key(window, subject),
      String(nowMs),
      String(window.windowMs),
      String(window.max),
      slot,
    )) as [number, number];
    return granted === 1 ? { granted: true, slot } : { granted: false, retryAfterMs };
  }

  async release(window: RateWindow, subject: string, slot: string): Promise<void> {
    await this.redis.zrem(key(window, subject), slot);
  }

  async clear(window: RateWindow, subject: string): Promise<void> {
    await this.redis.del(key(window, subject));
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}

const key = (window: RateWindow, subject: string) => `${window.name}:${subject}`;
