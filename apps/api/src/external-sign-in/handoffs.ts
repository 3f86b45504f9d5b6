import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { sha256Hex, SingleUseSecrets, type SingleUseSecretKind } from '../shared/single-use-secrets';

const HANDOFF_LIFETIME_MS = 2 * 60 * 1000;

interface Handoff {
  accountId: string;
  /** Hash of the browser binding (a cookie set with the redirect): a code sent to someone else's browser is useless there. */
  bindingHash: string;
}

/**
 * The callback hands the login to the SPA as a one-time code in the redirect (never the session
 * token): the SPA posts it to `External/Exchange` within two minutes, once. Only the code's hash
 * is stored (SingleUseSecrets: in the read store, shared by every API process, taken atomically).
 * The code is bound to the browser the callback redirected (a random value in an HttpOnly cookie):
 * a code lured into another browser (login CSRF: logging a victim in as the attacker) is refused.
 */
@Injectable()
export class Handoffs {
  private readonly handoffs: SingleUseSecretKind<Handoff>;

  constructor(secrets: SingleUseSecrets) {
    this.handoffs = secrets.of('external-sign-in-handoffs', HANDOFF_LIFETIME_MS);
  }

  /** A new code and the browser binding that must come back with it. */
  async issue(accountId: string): Promise<{ code: string; binding: string }> {
    const code = randomBytes(32).toString('base64url');
    const binding = randomBytes(32).toString('base64url');
    await this.handoffs.remember(code, { accountId, bindingHash: sha256Hex(binding) });
    return { code, binding };
  }

  /** The account the code was issued for, once; null for an unknown, used or expired code, or another browser's. */
  async take(code: string, binding: string | undefined): Promise<string | null> {
    const handoff = await this.handoffs.take(code);
    return handoff && binding !== undefined && sha256Hex(binding) === handoff.bindingHash ? handoff.accountId : null;
  }
}
