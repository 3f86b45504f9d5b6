import { Injectable } from '@nestjs/common';
import { SignedTokens, type SignedTokenKind } from '../../auth/signed-tokens';

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
}

/**
 * The answer to a right password on an account with two-factor on: a short-lived signed statement
 * that the password was right (SignedTokens, under its own purpose, so it is never a session token). Single use without server state: it names how many logins had passed
 * their second factor, and the decider refuses it once another one has.
 */
@Injectable()
export class LoginChallenges {
  private readonly tokens: SignedTokenKind<ChallengeClaims>;

  constructor(signer: SignedTokens) {
    this.tokens = signer.of('login-challenge', CHALLENGE_LIFETIME_MS);
  }

  issue(challenge: LoginChallenge): string {
    return this.tokens.sign({ sub: challenge.accountId, rm: challenge.rememberMe, n: challenge.passes });
  }

  /** null for a forged, malformed or expired challenge. */
  verify(challenge: string): LoginChallenge | null {
    const claims = this.tokens.verify(challenge);
    if (!claims || typeof claims.sub !== 'string' || !Number.isInteger(claims.n)) return null;
    return { accountId: claims.sub, rememberMe: claims.rm === true, passes: claims.n };
  }
}
