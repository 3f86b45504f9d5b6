import type { RateLimiter, RateWindow } from './rate-limiter.port';

export interface RateLimiterTarget {
  /** Opens a limiter on the same backing store each time (two opens = two API processes). */
  open(): Promise<RateLimiter>;
  /** Closes what `open` opened underneath and removes the test's data. */
  dispose(): Promise<void>;
  /**
   * For adapters whose store can be away while the site runs (Redis): a limiter composed as the
   * site composes it, over a store that cannot be reached. It must still limit, in process.
   */
  openUnreachable?(): Promise<RateLimiter>;
}

const window: RateWindow = { name: 'contract', max: 3, windowMs: 60_000 };
const T0 = 1_700_000_000_000;

/** The guarantees of `RateLimiter` (rate-limiter.port.ts), run against every adapter. */
export function describeRateLimiterContract(name: string, target: () => Promise<RateLimiterTarget>): void {
  describe(`RateLimiter contract: ${name}`, () => {
    let subject: RateLimiterTarget;
    let limiter: RateLimiter;
    const opened: RateLimiter[] = [];
    const open = async () => {
      const next = await subject.open();
      opened.push(next);
      return next;
    };

    beforeEach(async () => {
      subject = await target();
      limiter = await open();
    });

    afterEach(async () => {
      for (const each of opened.splice(0)) await each.close();
      await subject.dispose();
    });

    const granted = async (at: number, who = 'ada', limit = window) => (await limiter.take(limit, who, at)).granted;

    it('grants `max` slots in a window, then refuses with the time until the oldest slot leaves it', async () => {
      expect(await granted(T0)).toBe(true);
      expect(await granted(T0 + 1_000)).toBe(true);
      expect(await granted(T0 + 2_000)).toBe(true);
      expect(await limiter.take(window, 'ada', T0 + 10_000)).toEqual({ granted: false, retryAfterMs: 50_000 });
      expect(await granted(T0 + 59_999)).toBe(false);
      expect(await granted(T0 + 60_000)).toBe(true);
      expect(await granted(T0 + 60_500)).toBe(false);
      expect(await granted(T0 + 61_000)).toBe(true);
    });

    it('counts nothing for a refused take', async () => {
      for (const at of [T0, T0 + 1, T0 + 2]) expect(await granted(at)).toBe(true);
      for (let i = 0; i < 10; i += 1) expect(await granted(T0 + 30_000 + i)).toBe(false);
      expect(await granted(T0 + 60_002)).toBe(true);
      expect(await granted(T0 + 60_003)).toBe(true);
      expect(await granted(T0 + 60_004)).toBe(true);
    });

    it('keeps names and subjects apart', async () => {
      for (const at of [T0, T0 + 1, T0 + 2]) expect(await granted(at)).toBe(true);
      expect(await granted(T0 + 3)).toBe(false);
      expect(await granted(T0 + 3, 'grace')).toBe(true);
      expect(await granted(T0 + 3, 'ada', { ...window, name: 'other' })).toBe(true);
    });

    it('gives a released slot back, and clear gives back all of a subject', async () => {
      const first = await limiter.take(window, 'ada', T0);
      await limiter.take(window, 'ada', T0 + 1);
      await limiter.take(window, 'ada', T0 + 2);
      expect(await granted(T0 + 3)).toBe(false);
      if (!first.granted) throw new Error('the first take was refused');
      await limiter.release(window, 'ada', first.slot);
      expect(await granted(T0 + 4)).toBe(true);
      expect(await granted(T0 + 5)).toBe(false);
      await limiter.clear(window, 'ada');
      for (const at of [T0 + 6, T0 + 7, T0 + 8]) expect(await granted(at)).toBe(true);
      await limiter.release(window, 'nobody', 'no-such-slot');
    });

    it('grants exactly `max` of many racing takes, across limiters on the same store', async () => {
      const other = await open();
      const results = await Promise.all(
        Array.from({ length: 24 }, (_, i) => (i % 2 === 0 ? limiter : other).take({ ...window, max: 5 }, 'racer', T0 + i)),
      );
      expect(results.filter((result) => result.granted)).toHaveLength(5);
    });

    it('still limits in process while its store is unreachable (if the store can be away)', async () => {
      if (!subject.openUnreachable) return;
      const away = await subject.openUnreachable();
      opened.push(away);
      for (const at of [T0, T0 + 1_000, T0 + 2_000]) expect((await away.take(window, 'ada', at)).granted).toBe(true);
      expect(await away.take(window, 'ada', T0 + 10_000)).toEqual({ granted: false, retryAfterMs: 50_000 });
      expect((await away.take(window, 'grace', T0 + 10_000)).granted).toBe(true);
      expect((await away.take({ ...window, name: 'other' }, 'ada', T0 + 10_000)).granted).toBe(true);
      const first = await away.take(window, 'lin', T0);
      for (const at of [T0 + 1, T0 + 2]) await away.take(window, 'lin', at);
      if (!first.granted) throw new Error('the first take was refused');
      await away.release(window, 'lin', first.slot);
      expect((await away.take(window, 'lin', T0 + 3)).granted).toBe(true);
      expect((await away.take(window, 'lin', T0 + 4)).granted).toBe(false);
      await away.clear(window, 'lin');
      expect((await away.take(window, 'lin', T0 + 5)).granted).toBe(true);
      expect((await away.take(window, 'ada', T0 + 60_000)).granted).toBe(true);
    });

    it('keeps the counts when the limiter is opened again (a restart)', async () => {
      for (const at of [T0, T0 + 1, T0 + 2]) expect(await granted(at)).toBe(true);
      await limiter.close();
      opened.splice(opened.indexOf(limiter), 1);
      limiter = await open();
      expect(await granted(T0 + 3)).toBe(false);
    });
  });
}
