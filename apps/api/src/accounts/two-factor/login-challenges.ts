import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '@app/config';
import { APP_CONFIG, CLOCK, type Clock } from '../../infrastructure/tokens';

/** How long the second step of a login may wait for its code. */
export const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;

export interface LoginChallenge {
  accountId: string;
  rememberMe: boolean;
  /** The account's count of passed second factors when the password was right: the first pass after it ends the challenge. */
  passes: number;
}

interface ChallengeClaims {
  sub: string;
  rm: boolean;
  n: number;
  /** Epoch milliseconds. */
  exp: number;
}

/**
 * The answer to a right password on an account with two-factor on: a short-lived signed statement
 * that the password was right (HMAC under a key derived from JWT_SECRET with its own purpose, so it
 * is never a session token). Single use without server state: it names how many logins had passed
 * their second factor, and the decider refuses it once another one has.
 */
@Injectable()
export class LoginChallenges {
  private readonly key: Buffer;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.key = createHmac('sha256', config.jwtSecret).update('login-challenge').digest();
  }

  issue(challenge: LoginChallenge): string {
    const claims: ChallengeClaims = {
      sub: challenge.accountId,
      rm: challenge.rememberMe,
      n: challenge.passes,
      exp: this.clock().getTime() + CHALLENGE_LIFETIME_MS,
    };
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${body}.${this.sign(body)}`;
  }

  /** null for a forged, malformed or expired challenge. */
  verify(challenge: string): LoginChallenge | null {
    const [body, signature, extra] = challenge.split('.');
    if (!body || !signature || extra !== undefined) return null;
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    let claims: ChallengeClaims;
    try {
      claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ChallengeClaims;
    } catch {
      return null;
    }
    if (typeof claims.sub !== 'string' || !Number.isInteger(claims.n) || typeof claims.exp !== 'number') return null;
    if (claims.exp <= this.clock().getTime()) return null;
    return { accountId: claims.sub, rememberMe: claims.rm === true, passes: claims.n };
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
