import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '@app/config';
import { APP_CONFIG, CLOCK, type Clock } from '../infrastructure/tokens';
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
  expires: number;
}

/**
 * The flow's state, PKCE verifier and nonce live in a short-lived cookie (HttpOnly, SameSite=Lax
 * so the provider's top-level redirect brings it back), signed with a key derived from the JWT
 * secret: nothing on the server, and nobody can forge a link flow for another account.
 */
@Injectable()
export class FlowCookies {
  private readonly key: Buffer;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.key = createHmac('sha256', config.jwtSecret).update('external-sign-in-flows').digest();
  }

  seal(flow: Omit<SignInFlow, 'expires'>): string {
    const body = Buffer.from(JSON.stringify({ ...flow, expires: this.clock().getTime() + FLOW_LIFETIME_MS })).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  open(cookie: string | undefined, provider: string): SignInFlow | null {
    const [body, mac, ...rest] = (cookie ?? '').split('.');
    if (!body || !mac || rest.length > 0) return null;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const flow = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as SignInFlow;
    if (flow.provider !== provider || flow.expires <= this.clock().getTime()) return null;
    return flow;
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
