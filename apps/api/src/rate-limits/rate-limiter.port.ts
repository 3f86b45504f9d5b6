/**
 * The RateLimiter port: sliding-window counters shared by every API process and kept across
 * restarts (the read store, or Redis when REDIS_URL is set).
 *
 * Guarantees every adapter keeps (checked by `describeRateLimiterContract`):
 * - `take` is atomic: of racing takes on one window and subject, at most `max` are granted
 *   within any `windowMs`, whichever process asks.
 * - A slot counts from the `nowMs` it was taken at until `windowMs` later; a refusal says how
 *   long until the oldest counted slot leaves the window.
 * - Refused takes count nothing; `release` gives one granted slot back, `clear` all of a subject's.
 * - Windows of different names or subjects never share a count.
 */
export interface RateLimiter {
  take(window: RateWindow, subject: string, nowMs: number): Promise<Reservation>;
  release(window: RateWindow, subject: string, slot: string): Promise<void>;
  clear(window: RateWindow, subject: string): Promise<void>;
  close(): Promise<void>;
}

export interface RateWindow {
  /** Letters, digits and `-`. */
  name: string;
  max: number;
  windowMs: number;
}

export type Reservation = { granted: true; slot: string } | { granted: false; retryAfterMs: number };

export const RATE_LIMITER = Symbol('RateLimiter');
