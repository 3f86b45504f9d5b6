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

/** How long the first calls wait for the first connection; after that, calls never wait for one. */
const FIRST_CONNECT_WAIT_MS = 2_000;
/** A Redis that accepts the connection but does not answer (overloaded, paused) fails a call after this. */
const COMMAND_TIMEOUT_MS = 1_000;

/**
 * Fails fast while Redis is away (no offline queue, no retry of a command cut off by a lost
 * connection, a command timeout) so `FallbackRateLimiter` answers at once instead of holding the
 * command; ioredis keeps reconnecting in the background.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;
  private readonly firstReady: Promise<void>;
  private readonly firstReadyDeadline = Date.now() + FIRST_CONNECT_WAIT_MS;

  constructor(options: { url: string; prefix?: string; onError?: (error: unknown) => void }) {
    this.redis = new IORedis(options.url, {
      keyPrefix: `${options.prefix ?? 'rate-limits'}:`,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: COMMAND_TIMEOUT_MS,
    });
    // Connection errors are reported by the callers' failures (FallbackRateLimiter logs them once).
    this.redis.on('error', options.onError ?? (() => undefined));
    this.firstReady = new Promise((resolve) => this.redis.once('ready', () => resolve()));
  }

  async take(window: RateWindow, subject: string, nowMs: number): Promise<Reservation> {
    await this.connected();
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
    await this.connected();
    await this.redis.zrem(key(window, subject), slot);
  }

  async clear(window: RateWindow, subject: string): Promise<void> {
    await this.connected();
    await this.redis.del(key(window, subject));
  }

  async close(): Promise<void> {
    // quit() would wait for a Redis that is away.
    if (this.redis.status === 'ready') await this.redis.quit();
    else this.redis.disconnect();
  }

  /** Waits (briefly, once) for the first connection; then a lost connection fails the call at once. */
  private async connected(): Promise<void> {
    const wait = this.firstReadyDeadline - Date.now();
    if (this.redis.status === 'ready' || wait <= 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.firstReady, new Promise((resolve) => (timer = setTimeout(resolve, wait)))]);
    clearTimeout(timer);
  }
}

const key = (window: RateWindow, subject: string) => `${window.name}:${subject}`;
