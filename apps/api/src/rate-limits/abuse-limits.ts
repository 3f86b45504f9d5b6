import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { RATE_LIMIT_DEFAULTS, RATE_LIMIT_MESSAGES, RATE_LIMIT_NAMES, type RateLimitName } from '@app/contracts';
import { RateLimitedError } from '@app/domain';
import type { AppConfig } from '@app/config';
import { APP_CONFIG, CLOCK, type Clock } from '../infrastructure/tokens';
import { addressBucket } from './client-address';
import { RATE_LIMITER, type RateLimiter, type RateWindow } from './rate-limiter.port';

/** The limits whose subject is a client address: counted by its bucket (an IPv6 /64 as one). */
const PER_ADDRESS: ReadonlySet<RateLimitName> = new Set(['signup', 'login-address', 'contact']);

/** A granted slot; `release` gives it back when the attempt should not count after all. */
export interface Taken {
  release(): Promise<void>;
}

const NOTHING_TAKEN: Taken = { release: async () => undefined };

/**
 * The site's abuse limits over the RateLimiter port: the configured window of each limit, the
 * subject (a client address, an e-mail, an account id) turned into a keyed hash so no counter
 * names anyone in clear, and the 429 with its Retry-After.
 */
@Injectable()
export class AbuseLimits implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly windows: Record<RateLimitName, RateWindow>;
  private readonly logger = new Logger('AbuseLimits');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    const unknown = Object.keys(config.rateLimits.overrides).filter((name) => !RATE_LIMIT_NAMES.includes(name as RateLimitName));
    if (unknown.length > 0)
      throw new Error(
        `Invalid configuration: RATE_LIMITS names unknown limits: ${unknown.join(', ')} (known: ${RATE_LIMIT_NAMES.join(', ')})`,
      );
    this.windows = Object.fromEntries(
      RATE_LIMIT_NAMES.map((name) => {
        const rule = config.rateLimits.overrides[name] ?? RATE_LIMIT_DEFAULTS[name];
        return [name, { name, max: rule.max, windowMs: rule.windowSeconds * 1000 }];
      }),
    ) as Record<RateLimitName, RateWindow>;
  }

  onApplicationBootstrap(): void {
    if (!this.config.rateLimits.enabled) {
      this.logger.warn(
        'RATE_LIMITS=off: ABUSE LIMITS ARE OFF. Signups, logins, reset e-mails, comments, posts, likes and uploads are unlimited. Never run a public site like this.',
      );
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.limiter.close();
  }

  /** Takes one slot of `name` for `subject`, or refuses with 429, Retry-After and the limit's message. */
  async take(name: RateLimitName, subject: string): Promise<Taken> {
    const outcome = await this.tryTake(name, subject);
    if (outcome.allowed) return outcome.taken;
    throw new RateLimitedError(RATE_LIMIT_MESSAGES[name](outcome.retryAfterSeconds), outcome.retryAfterSeconds);
  }

  /** Runs `work` on a slot of `name` for `subject`; a refused or failed `work` gives the slot back, so only what was done counts. */
  async limited<T>(name: RateLimitName, subject: string, work: () => Promise<T>): Promise<T> {
    const taken = await this.take(name, subject);
    try {
      return await work();
    } catch (error) {
      await taken.release();
      throw error;
    }
  }

  /** Takes a slot of each, all or none: a refusal gives back the ones already taken. */
  async takeAll(limits: readonly (readonly [RateLimitName, string])[]): Promise<Taken> {
    const taken: Taken[] = [];
    try {
      for (const [name, subject] of limits) taken.push(await this.take(name, subject));
    } catch (error) {
      await Promise.all(taken.map((each) => each.release()));
      throw error;
    }
    return { release: async () => void (await Promise.all(taken.map((each) => each.release()))) };
  }

  /** Like `take`, but answers instead of throwing: for limits whose refusal must look like success. */
  async tryTake(
    name: RateLimitName,
    subject: string,
  ): Promise<{ allowed: true; taken: Taken } | { allowed: false; retryAfterSeconds: number }> {
    if (!this.config.rateLimits.enabled) return { allowed: true, taken: NOTHING_TAKEN };
    const window = this.windows[name];
    const key = this.subjectKey(name, subject);
    const reservation = await this.limiter.take(window, key, this.clock().getTime());
    if (!reservation.granted) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(reservation.retryAfterMs / 1000)) };
    return { allowed: true, taken: { release: () => this.limiter.release(window, key, reservation.slot) } };
  }

  /**
   * The slots of one login attempt, taken before the password is checked: per client address, per
   * e-mail and address (the hard limit), and per e-mail only for a device that never logged in to
   * it. A known device (`device`: the id of its verified known-device token) counts its failures
   * on its own instead, so guesses from any number of other addresses never lock the owner out,
   * and a stolen token buys no more guesses than the device's own count.
   */
  loginAttempt(emailKey: string, address: string, device: string | null): Promise<Taken> {
    return this.takeAll([
      ['login-address', address],
      ['login-email-address', `${emailKey} ${addressBucket(address)}`],
      device === null ? ['login-email', emailKey] : ['login-device', `${emailKey} ${device}`],
    ]);
  }

  /**
   * A successful login forgets the failures of the counts it was held by: a known device's success
   * leaves the e-mail's count for other devices as it is (else the owner's logins would reopen it).
   */
  async loginSucceeded(emailKey: string, address: string, device: string | null): Promise<void> {
    await this.clear('login-email-address', `${emailKey} ${addressBucket(address)}`);
    if (device === null) await this.clear('login-email', emailKey);
    else await this.clear('login-device', `${emailKey} ${device}`);
  }

  /** Forgets every slot of `subject` (a successful login clears its e-mail's failures). */
  async clear(name: RateLimitName, subject: string): Promise<void> {
    if (!this.config.rateLimits.enabled) return;
    await this.limiter.clear(this.windows[name], this.subjectKey(name, subject));
  }

  private subjectKey(name: RateLimitName, subject: string): string {
    const counted = PER_ADDRESS.has(name) ? addressBucket(subject) : subject;
    return createHmac('sha256', this.config.emailLookupPepper).update(`rate-limit:${name}:${counted}`).digest('base64url');
  }
}
