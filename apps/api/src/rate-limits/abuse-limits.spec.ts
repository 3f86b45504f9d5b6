import { Logger } from '@nestjs/common';
import { parseRateLimits, type AppConfig } from '@app/config';
import { COMMENT_MESSAGES, RATE_LIMIT_DEFAULTS } from '@app/contracts';
import { RateLimitedError } from '@app/domain';
import { AbuseLimits } from './abuse-limits';
import type { RateLimiter, RateWindow, Reservation } from './rate-limiter.port';

/** Records what the limits ask of the port; grants until `max` is reached per window and subject. */
class RecordingLimiter implements RateLimiter {
  readonly taken: { window: RateWindow; subject: string }[] = [];
  async take(window: RateWindow, subject: string): Promise<Reservation> {
    const count = this.taken.filter((each) => each.window.name === window.name && each.subject === subject).length;
    if (count >= window.max) return { granted: false, retryAfterMs: 12_345 };
    this.taken.push({ window, subject });
    return { granted: true, slot: String(this.taken.length) };
  }
  async release(): Promise<void> {}
  async clear(): Promise<void> {}
  async close(): Promise<void> {}
}

const config = (rateLimits: string | undefined) => ({ emailLookupPepper: 'pepper', rateLimits: parseRateLimits(rateLimits) }) as AppConfig;
const limitsWith = (rateLimits: string | undefined, limiter = new RecordingLimiter()) =>
  new AbuseLimits(config(rateLimits), limiter, () => new Date('2026-01-01T00:00:00.000Z'));

describe('AbuseLimits', () => {
  it('uses the defaults, with RATE_LIMITS overrides, and names no subject in clear', async () => {
    const limiter = new RecordingLimiter();
    const limits = limitsWith('signup=2/1h,like=100/30s', limiter);
    await limits.take('signup', '203.0.113.7');
    await limits.take('like', 'account-1');
    await limits.take('comment', 'account-1');
    expect(limiter.taken.map(({ window }) => window)).toEqual([
      { name: 'signup', max: 2, windowMs: 3_600_000 },
      { name: 'like', max: 100, windowMs: 30_000 },
      { name: 'comment', max: RATE_LIMIT_DEFAULTS.comment.max, windowMs: RATE_LIMIT_DEFAULTS.comment.windowSeconds * 1000 },
    ]);
    expect(limiter.taken.map(({ subject }) => subject).join(' ')).not.toMatch(/203\.0\.113\.7|account-1/);
  });

  it('refuses with a RateLimitedError carrying the message and the wait in whole seconds', async () => {
    const limits = limitsWith('comment=1/30s');
    await limits.take('comment', 'ada');
    const refusal = await limits.take('comment', 'ada').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RateLimitedError);
    expect(refusal).toMatchObject({ kind: 'rate_limited', message: COMMENT_MESSAGES.rateLimited, retryAfterSeconds: 13 });
  });

  it('takes nothing and warns loudly at start-up when RATE_LIMITS=off', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const limiter = new RecordingLimiter();
    const limits = limitsWith('off', limiter);
    limits.onApplicationBootstrap();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('ABUSE LIMITS ARE OFF'));
    for (let i = 0; i < 50; i += 1) await limits.take('login-email', 'ada@example.com');
    expect(limiter.taken).toEqual([]);
    warn.mockRestore();
  });

  it('refuses to start on an unknown limit name', () => {
    expect(() => limitsWith('signups=2/1h')).toThrow('RATE_LIMITS names unknown limits: signups');
  });
});

describe('parseRateLimits (RATE_LIMITS)', () => {
  it('reads off, on, unset and overrides with s, m, h and d windows', () => {
    expect(parseRateLimits('off')).toEqual({ enabled: false, overrides: {} });
    expect(parseRateLimits(undefined)).toEqual({ enabled: true, overrides: {} });
    expect(parseRateLimits('on')).toEqual({ enabled: true, overrides: {} });
    expect(parseRateLimits('signup=20/1h, like=5/30s,upload=1/1d,post=3/15m')).toEqual({
      enabled: true,
      overrides: {
        signup: { max: 20, windowSeconds: 3600 },
        like: { max: 5, windowSeconds: 30 },
        upload: { max: 1, windowSeconds: 86_400 },
        post: { max: 3, windowSeconds: 900 },
      },
    });
  });

  it.each(['false', 'signup=0/1h', 'signup=5', 'signup=5/1w', 'signup=5/0s'])('refuses %s', (value) => {
    expect(() => parseRateLimits(value)).toThrow('RATE_LIMITS');
  });
});
