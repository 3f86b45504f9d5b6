import { Injectable } from '@nestjs/common';
import { SignedTokens, type SignedTokenKind } from '../auth/signed-tokens';
import type { AuthorizationChecks } from './provider-clients';

export const FLOW_COOKIE = 'external_sign_in';
/** Sent back only to the callbacks. */
export const FLOW_COOKIE_PATH = '/api/Account/External';
export const FLOW_LIFETIME_MS = 10 * 60 * 1000;
/** Binds a handoff code to the browser the callback redirected (Handoffs); sent only to the exchange. */
export const HANDOFF_COOKIE = 'external_sign_in_handoff';
export const HANDOFF_COOKIE_PATH = '/api/Account/External/Exchange';

/** One redirect to a provider and back: a login (or first sign-in), or linking to the logged-in account. */
export interface SignInFlow extends AuthorizationChecks {
  provider: string;
  mode: 'login' | 'link';
  /** Link only: the account that asked, at its credential version then ('log out everywhere' ends the flow too). */
  accountId?: string;
  credentialVersion?: number;
}

/**
 * The flow's state, PKCE verifier and nonce live in a short-lived cookie (HttpOnly, SameSite=Lax
 * so the provider's top-level redirect brings it back), signed for this purpose alone
 * (SignedTokens): nothing on the server, and nobody can forge a link flow for another account.
 */
@Injectable()
export class FlowCookies {
  private readonly tokens: SignedTokenKind<SignInFlow>;

  constructor(signer: SignedTokens) {
    this.tokens = signer.of('external-sign-in-flows', FLOW_LIFETIME_MS);
  }

  seal(flow: SignInFlow): string {
    return this.tokens.sign(flow);
  }

  open(cookie: string | undefined, provider: string): SignInFlow | null {
    const flow = this.tokens.verify(cookie);
    return flow?.provider === provider ? flow : null;
  }
}
