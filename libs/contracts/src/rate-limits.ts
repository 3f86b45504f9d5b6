import { COMMENT_MESSAGES, COMMENT_RATE_LIMIT } from './comments';

/**
 * Abuse limits: how many of an action one subject (a client address, an e-mail or an account) may
 * take within a sliding window. The defaults are safe for a public site; `RATE_LIMITS` overrides
 * them (`name=max/window`, e.g. `signup=20/1h`) or turns them all off (`off`).
 */
export type RateLimitName =
  | 'signup'
  | 'login-address'
  | 'login-email-address'
  | 'login-email'
  | 'login-device'
  | 'reset-link'
  | 'confirmation-link'
  | 'comment'
  | 'post'
  | 'like'
  | 'upload'
  | 'anonymous-idempotency-key'
  | 'contact'
  | 'two-factor'
  | 'flag';

export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const RATE_LIMIT_DEFAULTS: Record<RateLimitName, RateLimitRule> = {
  /** Sign-ups per client address. */
  signup: { max: 10, windowSeconds: HOUR },
  /**
   * Login attempts per client address, per e-mail and address (the hard limit, for everyone), and
   * per e-mail from devices that never logged in to it; a device that did (its known-device token)
   * has its own count instead, so guesses from elsewhere never lock the owner out. A successful
   * login gives its slots back.
   */
  'login-address': { max: 20, windowSeconds: 15 * MINUTE },
  'login-email-address': { max: 5, windowSeconds: 15 * MINUTE },
  'login-email': { max: 5, windowSeconds: 15 * MINUTE },
  'login-device': { max: 5, windowSeconds: 15 * MINUTE },
  /** Reset and confirmation e-mails per e-mail address; past the limit the answer stays the same and no mail goes out. */
  'reset-link': { max: 3, windowSeconds: HOUR },
  'confirmation-link': { max: 3, windowSeconds: HOUR },
  /** Per account. */
  comment: { max: COMMENT_RATE_LIMIT.maxComments, windowSeconds: COMMENT_RATE_LIMIT.windowSeconds },
  post: { max: 20, windowSeconds: HOUR },
  like: { max: 60, windowSeconds: MINUTE },
  upload: { max: 60, windowSeconds: HOUR },
  /** Commands sent with an Idempotency-Key and no session, per client address: each keeps a record for a day. */
  'anonymous-idempotency-key': { max: 60, windowSeconds: HOUR },
  /** Contact-form messages per client address (no login needed): each one lands in the owner's inbox. */
  contact: { max: 5, windowSeconds: HOUR },
  /** Wrong two-factor codes per account (second login step, enabling, disabling); a good code gives its slot back. */
  'two-factor': { max: 5, windowSeconds: 15 * MINUTE },
  /** Flags per account (issue 27): each one lands in the review queue. */
  flag: { max: 20, windowSeconds: HOUR },
};

export const RATE_LIMIT_NAMES = Object.keys(RATE_LIMIT_DEFAULTS) as RateLimitName[];

/** 'in 1 minute', 'in 15 minutes', 'in 20 seconds': the wait, rounded up. */
export function waitText(retryAfterSeconds: number): string {
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (retryAfterSeconds < MINUTE) return `in ${plural(Math.max(1, Math.ceil(retryAfterSeconds)), 'second')}`;
  return `in ${plural(Math.ceil(retryAfterSeconds / MINUTE), 'minute')}`;
}

/** The errorMessage of a 429, by limit. The link limits never answer 429 (their answer stays the same). */
export const RATE_LIMIT_MESSAGES: Record<RateLimitName, (retryAfterSeconds: number) => string> = {
  signup: (wait) => `Too many sign-ups from your address. Please try again ${waitText(wait)}.`,
  'login-address': (wait) => `Too many failed login attempts. Please try again ${waitText(Math.max(wait, MINUTE))}.`,
  'login-email-address': (wait) => `Too many failed login attempts. Please try again ${waitText(Math.max(wait, MINUTE))}.`,
  'login-email': (wait) => `Too many failed login attempts. Please try again ${waitText(Math.max(wait, MINUTE))}.`,
  'login-device': (wait) => `Too many failed login attempts. Please try again ${waitText(Math.max(wait, MINUTE))}.`,
  'reset-link': (wait) => `Too many password reset requests. Please try again ${waitText(wait)}.`,
  'confirmation-link': (wait) => `Too many confirmation requests. Please try again ${waitText(wait)}.`,
  comment: () => COMMENT_MESSAGES.rateLimited,
  post: (wait) => `You are posting too fast. Please try again ${waitText(wait)}.`,
  like: (wait) => `You are liking too fast. Please try again ${waitText(wait)}.`,
  upload: (wait) => `Too many uploads. Please try again ${waitText(wait)}.`,
  'anonymous-idempotency-key': (wait) => `Too many requests with an Idempotency-Key. Please try again ${waitText(wait)}.`,
  contact: (wait) => `Too many messages from your address. Please try again ${waitText(wait)}.`,
  'two-factor': (wait) => `Too many wrong codes. Please try again ${waitText(Math.max(wait, MINUTE))}.`,
  flag: (wait) => `You are flagging too fast. Please try again ${waitText(wait)}.`,
};
