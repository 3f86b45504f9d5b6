import { Injectable } from '@nestjs/common';
import { DomainError } from '@app/domain';

interface Window {
  failures: number[];
}

const WINDOW_MS = 15 * 60 * 1000;
const MAX_FAILURES_PER_EMAIL = 5;
const MAX_FAILURES_PER_IP = 20;

/**
 * Slows down password guessing: after too many failed logins for one e-mail or from one IP within
 * 15 minutes, further attempts are refused until the oldest failure leaves the window. Kept in
 * memory on purpose: it protects this process, and a restart only resets the counters.
 */
@Injectable()
export class LoginThrottle {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly clock: () => number = Date.now) {}

  assertAllowed(email: string, ip: string): void {
    const now = this.clock();
    const waitMs = Math.max(
      this.waitFor(`email:${email}`, MAX_FAILURES_PER_EMAIL, now),
      this.waitFor(`ip:${ip}`, MAX_FAILURES_PER_IP, now),
    );
    if (waitMs > 0) {
      const minutes = Math.ceil(waitMs / 60_000);
      throw new DomainError(
        'rate_limited',
        `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    }
  }

  recordFailure(email: string, ip: string): void {
    const now = this.clock();
    for (const key of [`email:${email}`, `ip:${ip}`]) {
      const window = this.windows.get(key) ?? { failures: [] };
      window.failures = window.failures.filter((at) => now - at < WINDOW_MS).concat(now);
      this.windows.set(key, window);
    }
  }

  recordSuccess(email: string): void {
    this.windows.delete(`email:${email}`);
  }

  private waitFor(key: string, limit: number, now: number): number {
    const recent = (this.windows.get(key)?.failures ?? []).filter((at) => now - at < WINDOW_MS);
    if (recent.length < limit) return 0;
    return recent[recent.length - limit] + WINDOW_MS - now;
  }
}
