import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';

const DAY_SECONDS = 24 * 60 * 60;

interface TokenClaims {
  sub: string;
  /** Remember me: a long-lived token, renewed with the same lifetime. */
  rm: boolean;
  iat: number;
  exp: number;
}

export interface VerifiedToken {
  /** The `sub` claim: the opaque account id, never the user name. */
  accountId: string;
  rememberMe: boolean;
  /** True once more than half of the token's life is gone: time to hand out a fresh one. */
  pastHalfLife: boolean;
}

/** HS256 bearer tokens that only say who the user is; roles are looked up on every request. */
@Injectable()
export class TokenService {
  constructor(private readonly jwt: JwtService) {}

  issue(accountId: string, rememberMe: boolean): string {
    return this.jwt.sign({ sub: accountId, rm: rememberMe }, { expiresIn: rememberMe ? 30 * DAY_SECONDS : DAY_SECONDS });
  }

  /** null for a missing, malformed, forged or expired token. */
  verify(token: string): VerifiedToken | null {
    try {
      const claims = this.jwt.verify<TokenClaims>(token, { algorithms: ['HS256'] });
      if (typeof claims.sub !== 'string') return null;
      const now = Date.now() / 1000;
      return { accountId: claims.sub, rememberMe: claims.rm === true, pastHalfLife: now - claims.iat > (claims.exp - claims.iat) / 2 };
    } catch {
      return null;
    }
  }
}
