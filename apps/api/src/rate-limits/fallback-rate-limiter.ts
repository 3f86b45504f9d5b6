import type { RateLimiter, RateWindow, Reservation } from './rate-limiter.port';
import { InProcessRateLimiter } from './in-process-rate-limiter';

/** Marks the slots the insurance granted, so their release goes back to it. */
const INSURED = 'in-process:';

export interface FallbackEvents {
  /** The shared store failed; the in-process limiter answers until it works again. Called once per outage. */
  onFallback?(error: unknown): void;
  /** The shared store answered again. */
  onRecovered?(): void;
}

/**
 * rate-limiter-flexible's insurance pattern over our port: every call goes to the shared store
 * (Redis); when it fails (unreachable, timed out), the in-process limiter answers instead, so the
 * abuse limits keep limiting and no command fails because Redis is away. While the store is away
 * each process counts on its own (N processes allow up to N times the limit), and what was counted
 * in process is forgotten once the store is back. The store's own client must fail fast (no
 * offline queue), or every command would wait for it first.
 */
export class FallbackRateLimiter implements RateLimiter {
  private fallingBack = false;

  constructor(
    private readonly store: RateLimiter,
    private readonly events: FallbackEvents = {},
    private readonly insurance: RateLimiter = new InProcessRateLimiter(),
  ) {}

  async take(window: RateWindow, subject: string, nowMs: number): Promise<Reservation> {
    try {
      const reservation = await this.store.take(window, subject, nowMs);
      this.recovered();
      return reservation;
    } catch (error) {
      this.failed(error);
      const reservation = await this.insurance.take(window, subject, nowMs);
      return reservation.granted ? { granted: true, slot: INSURED + reservation.slot } : reservation;
    }
  }

  /** A slot the store holds but cannot give back now leaves its window on its own: that is all a failed release costs. */
  async release(window: RateWindow, subject: string, slot: string): Promise<void> {
    if (slot.startsWith(INSURED)) return this.insurance.release(window, subject, slot.slice(INSURED.length));
    try {
      await this.store.release(window, subject, slot);
    } catch (error) {
      this.failed(error);
    }
  }

  async clear(window: RateWindow, subject: string): Promise<void> {
    await this.insurance.clear(window, subject);
    try {
      await this.store.clear(window, subject);
    } catch (error) {
      this.failed(error);
    }
  }

  async close(): Promise<void> {
    await this.insurance.close();
    await this.store.close();
  }

  private failed(error: unknown): void {
    if (this.fallingBack) return;
    this.fallingBack = true;
    this.events.onFallback?.(error);
  }

  private recovered(): void {
    if (!this.fallingBack) return;
    this.fallingBack = false;
    this.events.onRecovered?.();
  }
}
