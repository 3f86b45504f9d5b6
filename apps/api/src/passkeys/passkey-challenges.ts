import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { READ_STORE, type ReadStore } from '@app/read-store';
import { CLOCK, type Clock } from '../infrastructure/tokens';

const COLLECTION = 'passkey-challenges';
/** How long a registration or a sign-in may take between its options and the browser's answer. */
export const PASSKEY_CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;

export type CeremonyPurpose = 'register' | 'sign-in';

type ChallengeDocument = {
  /** SHA-256 of the challenge: the challenge itself is never stored. */
  id: string;
  purpose: CeremonyPurpose;
  /** The account registering a passkey; null for a sign-in (the passkey names its account). */
  accountId: string | null;
  expiresAt: number;
};

/**
 * The challenges of passkey ceremonies, single use and short-lived. They live in the read store,
 * shared by every API process, so a ceremony started on one process finishes on any other; taking
 * one deletes it in a transaction, so of two answers to one challenge only the first is checked.
 * (A login's second step with a passkey needs none of this: its challenge is the password step's
 * signed, single-use challenge, see passkey-second-factor.ts.)
 */
@Injectable()
export class PasskeyChallenges {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async remember(challenge: string, purpose: CeremonyPurpose, accountId: string | null): Promise<void> {
    const now = this.clock().getTime();
    await this.store.transaction(async (tx) => {
      // Those nobody came back for go as new ones come.
      for (const stale of await tx.find<ChallengeDocument>(COLLECTION, { expiresAt: { $lt: now } }, { limit: 100 }))
        await tx.delete(COLLECTION, stale.id);
      await tx.upsert<ChallengeDocument>(COLLECTION, {
        id: hashOf(challenge),
        purpose,
        accountId,
        expiresAt: now + PASSKEY_CHALLENGE_LIFETIME_MS,
      });
    });
  }

  /** True once for a challenge issued for this purpose (and account) and not expired; false for anything else. */
  take(challenge: string, purpose: CeremonyPurpose, accountId: string | null): Promise<boolean> {
    const now = this.clock().getTime();
    return this.store.transaction(async (tx) => {
      const issued = await tx.get<ChallengeDocument>(COLLECTION, hashOf(challenge));
      if (!issued) return false;
      await tx.delete(COLLECTION, issued.id);
      return issued.expiresAt > now && issued.purpose === purpose && issued.accountId === accountId;
    });
  }
}

const hashOf = (challenge: string) => createHash('sha256').update(challenge).digest('hex');
