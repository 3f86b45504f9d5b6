import { randomUUID } from 'node:crypto';
import type { RateLimiter, RateWindow, Reservation } from './rate-limiter.port';

interface Slot {
  slot: string;
  at: number;
}

interface Counter {
  windowMs: number;
  /** Oldest first. */
  slots: Slot[];
}

/** Every this many takes, counters with no live slot left are dropped (memory stays bounded during a long outage). */
const SWEEP_EVERY = 1000;

/**
 * Sliding-window counters in this process's memory: the same rules as the shared adapters, but
 * nothing is shared with other processes and nothing outlives a restart. It is the insurance of
 * `FallbackRateLimiter` while the shared store is unreachable, not a store of its own.
 */
export class InProcessRateLimiter implements RateLimiter {
  private readonly counters = new Map<string, Counter>();
  private takes = 0;

  async take(window: RateWindow, subject: string, nowMs: number): Promise<Reservation> {
    if (++this.takes % SWEEP_EVERY === 0) this.sweep(nowMs);
    const id = key(window, subject);
    const live = (this.counters.get(id)?.slots ?? []).filter((taken) => nowMs - taken.at < window.windowMs).sort((a, b) => a.at - b.at);
    if (live.length >= window.max) {
      this.counters.set(id, { windowMs: window.windowMs, slots: live });
      return { granted: false, retryAfterMs: live[live.length - window.max].at + window.windowMs - nowMs };
    }
    const slot = randomUUID();
    this.counters.set(id, { windowMs: window.windowMs, slots: [...live, { slot, at: nowMs }] });
    return { granted: true, slot };
  }

  async release(window: RateWindow, subject: string, slot: string): Promise<void> {
    const id = key(window, subject);
    const counter = this.counters.get(id);
    if (!counter) return;
    const slots = counter.slots.filter((taken) => taken.slot !== slot);
    if (slots.length === 0) this.counters.delete(id);
    else this.counters.set(id, { ...counter, slots });
  }

  async clear(window: RateWindow, subject: string): Promise<void> {
    this.counters.delete(key(window, subject));
  }

  async close(): Promise<void> {
    this.counters.clear();
  }

  private sweep(nowMs: number): void {
    for (const [id, counter] of this.counters) {
      if (counter.slots.every((taken) => nowMs - taken.at >= counter.windowMs)) this.counters.delete(id);
    }
  }
}

const key = (window: RateWindow, subject: string) => `${window.name}:${subject}`;
