import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { READ_STORE, type ReadStore } from '@app/read-store';
import { CLOCK, type Clock } from '../infrastructure/tokens';

const COLLECTION = 'external-sign-in-handoffs';
const HANDOFF_LIFETIME_MS = 2 * 60 * 1000;

type HandoffDocument = {
  id: string;
  accountId: string;
  /** Hash of the browser binding (a cookie set with the redirect): a code sent to someone else's browser is useless there. */
  bindingHash: string;
  expiresAt: number;
};

/**
 * The callback hands the login to the SPA as a one-time code in the redirect (never the session
 * token): the SPA posts it to `External/Exchange` within two minutes, once. Only the code's hash
 * is stored, in the read store (shared by every API process; a transaction makes the take atomic).
 * The code is bound to the browser the callback redirected (a random value in an HttpOnly cookie):
 * a code lured into another browser (login CSRF: logging a victim in as the attacker) is refused.
 */
@Injectable()
export class Handoffs {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** A new code and the browser binding that must come back with it. */
  async issue(accountId: string): Promise<{ code: string; binding: string }> {
    const code = randomBytes(32).toString('base64url');
    const binding = randomBytes(32).toString('base64url');
    const expiresAt = this.clock().getTime() + HANDOFF_LIFETIME_MS;
    await this.store.transaction((tx) =>
      tx.upsert<HandoffDocument>(COLLECTION, { id: hashOf(code), accountId, bindingHash: hashOf(binding), expiresAt }),
    );
    return { code, binding };
  }

  /** The account the code was issued for, once; null for an unknown, used or expired code, or another browser's. */
  take(code: string, binding: string | undefined): Promise<string | null> {
    const now = this.clock().getTime();
    return this.store.transaction(async (tx) => {
      const handoff = await tx.get<HandoffDocument>(COLLECTION, hashOf(code));
      if (!handoff) return null;
      await tx.delete(COLLECTION, handoff.id);
      // Expired ones nobody came for go when the next code is taken.
      for (const stale of await tx.find<HandoffDocument>(COLLECTION, { expiresAt: { $lt: now } }, { limit: 100 }))
        await tx.delete(COLLECTION, stale.id);
      return handoff.expiresAt > now && binding !== undefined && hashOf(binding) === handoff.bindingHash ? handoff.accountId : null;
    });
  }
}

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');
