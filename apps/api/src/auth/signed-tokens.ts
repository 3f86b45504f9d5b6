import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '@app/config';
import { APP_CONFIG, CLOCK, type Clock } from '../infrastructure/tokens';

/** Tokens of one purpose: `sign` dates them, `verify` gives their claims back while they are genuine and unexpired. */
export interface SignedTokenKind<Claims extends object> {
  sign(claims: Claims): string;
  /** null for a missing, malformed, forged or expired token, or one signed for another purpose. */
  verify(token: string | undefined): Claims | null;
}

/**
 * Short-lived signed statements the server hands out and later takes back (a login challenge, an
 * external sign-in flow cookie, a download link, a notification-stream ticket), so nothing is kept
 * on the server: `<base64url JSON claims>.<HMAC-SHA256>`, the claims with an `exp` in epoch
 * milliseconds. Each purpose signs under its own key derived from JWT_SECRET, so a token of one
 * purpose is never accepted for another, nor a session token for any of them (nor one of them as a
 * session token). Time comes from the CLOCK.
 */
@Injectable()
export class SignedTokens {
  constructor(
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'jwtSecret'>,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Tokens for `purpose`, each valid for `lifetimeMs` after it was signed. Claims must not use the name `exp`. */
  of<Claims extends object>(purpose: string, lifetimeMs: number): SignedTokenKind<Claims> {
    const key = createHmac('sha256', this.config.jwtSecret).update(purpose).digest();
    const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
    const now = () => this.clock().getTime();
    return {
      sign: (claims) => {
        const body = Buffer.from(JSON.stringify({ ...claims, exp: now() + lifetimeMs })).toString('base64url');
        return `${body}.${mac(body)}`;
      },
      verify: (token) => {
        const [body, signature, ...rest] = (token ?? '').split('.');
        if (!body || !signature || rest.length > 0) return null;
        const expected = Buffer.from(mac(body));
        const given = Buffer.from(signature);
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
        let signed: unknown;
        try {
          signed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
        } catch {
          return null;
        }
        if (typeof signed !== 'object' || signed === null) return null;
        const { exp, ...claims } = signed as { exp?: unknown };
        if (typeof exp !== 'number' || exp <= now()) return null;
        return claims as Claims;
      },
    };
  }
}
