import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { CLOCK, type Clock } from '../infrastructure/tokens';

const HOUR_SECONDS = 60 * 60;
const DAY_SECONDS = 24 * HOUR_SECONDS;

/**
 * How long a session lasts from its login, however often its token is renewed (absolute), and how
 * long one token lasts (renewed in the `auth-token` header once half of it is gone, never past the
 * session's end). Remember me: 30 days, tokens of 7 days; else 1 day, tokens of 12 hours.
 */
export const SESSION_LIFETIME_SECONDS = { rememberMe: 30 * DAY_SECONDS, session: DAY_SECONDS } as const;
const TOKEN_LIFETIME_SECONDS = { rememberMe: 7 * DAY_SECONDS, session: 12 * HOUR_SECONDS } as const;

interface TokenClaims {
  sub: string;
  /** Remember me. */
  rm: boolean;
  /** The account's credential version at login: a password reset, role change or 'log out everywhere' moves it on. */
  cv: number;
  /** When the session started (epoch seconds): renewals keep it, so a session ends at `sst` + its lifetime. */
  sst: number;
  /** The session's id (its `session-<id>` stream), which Settings lists and can end; absent in tokens issued before sessions were listed. */
  sid?: string;
  iat: number;
  exp: number;
}

/** Who a token says the caller is; the guard checks `credentialVersion` against the account's current one. */
export interface Session {
  /** The `sub` claim: the opaque account id, never the user name. */
  accountId: string;
  credentialVersion: number;
  rememberMe: boolean;
  /** Epoch seconds. */
  startedAt: number;
  sessionId?: string;
}

export interface VerifiedToken extends Session {
  /** Past half of its life with session time left beyond it: time to hand out a fresh one. */
  renewable: boolean;
}

/** Tokens whose signature was checked; a session sends the same token with every request until it is renewed. */
const VERIFIED_TOKENS_KEPT = 10_000;

/** HS256 bearer tokens that only say who the user is; roles are looked up on every request. Time comes from the CLOCK. */
@Injectable()
export class TokenService {
  /**
   * The claims of tokens already verified, by token: a signature proves the same claims every
   * time, so only the time checks are repeated. The oldest entry goes first when it is full.
   */
  private readonly verified = new Map<string, TokenClaims>();

  constructor(
    private readonly jwt: JwtService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** A token for a session starting now. */
  issue(accountId: string, credentialVersion: number, rememberMe: boolean, sessionId?: string): string {
    return this.sign({ accountId, credentialVersion, rememberMe, startedAt: this.nowSeconds(), ...(sessionId ? { sessionId } : {}) });
  }

  /** The session's next token: the same session, never lasting past its absolute end. */
  renew(session: Session): string {
    return this.sign(session);
  }

  /** null for a missing, malformed, forged or expired token, or one of an older kind (without a credential version). */
  verify(token: string): VerifiedToken | null {
    const now = this.nowSeconds();
    const claims = this.verified.get(token) ?? this.verifySignature(token, now);
    if (!claims || now >= claims.exp) return null;
    const session: Session = {
      accountId: claims.sub,
      credentialVersion: claims.cv,
      rememberMe: claims.rm === true,
      startedAt: claims.sst,
      ...(typeof claims.sid === 'string' ? { sessionId: claims.sid } : {}),
    };
    if (now >= sessionEnd(session)) return null;
    const pastHalfLife = now - claims.iat > (claims.exp - claims.iat) / 2;
    return { ...session, renewable: pastHalfLife && sessionEnd(session) > claims.exp };
  }

  /** The claims of a token signed by us, of the current kind (with a credential version) and not expired at `now`. */
  private verifySignature(token: string, now: number): TokenClaims | null {
    let claims: TokenClaims;
    try {
      claims = this.jwt.verify<TokenClaims>(token, { algorithms: ['HS256'], clockTimestamp: now });
    } catch {
      return null;
    }
    if (typeof claims.sub !== 'string' || !Number.isInteger(claims.cv) || !Number.isInteger(claims.sst) || !Number.isInteger(claims.exp))
      return null;
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, claims);
    return claims;
  }

  private sign(session: Session): string {
    const iat = this.nowSeconds();
    const tokenLifetime = session.rememberMe ? TOKEN_LIFETIME_SECONDS.rememberMe : TOKEN_LIFETIME_SECONDS.session;
    const claims: TokenClaims = {
      sub: session.accountId,
      rm: session.rememberMe,
      cv: session.credentialVersion,
      sst: session.startedAt,
      ...(session.sessionId ? { sid: session.sessionId } : {}),
      iat,
      exp: Math.min(iat + tokenLifetime, sessionEnd(session)),
    };
    return this.jwt.sign(claims);
  }

  private nowSeconds(): number {
    return Math.floor(this.clock().getTime() / 1000);
  }
}

/** When a session started at `startedAt` (epoch seconds) ends, however often its token is renewed (epoch seconds). */
export const sessionEnd = (session: Pick<Session, 'startedAt' | 'rememberMe'>) =>
  session.startedAt + (session.rememberMe ? SESSION_LIFETIME_SECONDS.rememberMe : SESSION_LIFETIME_SECONDS.session);
