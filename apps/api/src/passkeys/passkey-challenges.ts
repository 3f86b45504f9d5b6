import { Injectable } from '@nestjs/common';
import { SingleUseSecrets, type SingleUseSecretKind } from '../shared/single-use-secrets';

/** How long a registration or a sign-in may take between its options and the browser's answer. */
export const PASSKEY_CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;

export type CeremonyPurpose = 'register' | 'sign-in';

interface Ceremony {
  purpose: CeremonyPurpose;
  /** The account registering a passkey; null for a sign-in (the passkey names its account). */
  accountId: string | null;
}

/**
 * The challenges of passkey ceremonies, single use and short-lived. They live in the read store
 * (SingleUseSecrets), so a ceremony started on one process finishes on any other, and of two
 * answers to one challenge only the first is checked.
 * (A login's second step with a passkey needs none of this: its challenge is the password step's
 * signed, single-use challenge, see passkey-second-factor.ts.)
 */
@Injectable()
export class PasskeyChallenges {
  private readonly ceremonies: SingleUseSecretKind<Ceremony>;

  constructor(secrets: SingleUseSecrets) {
    this.ceremonies = secrets.of('passkey-challenges', PASSKEY_CHALLENGE_LIFETIME_MS);
  }

  remember(challenge: string, purpose: CeremonyPurpose, accountId: string | null): Promise<void> {
    return this.ceremonies.remember(challenge, { purpose, accountId });
  }

  /** True once for a challenge issued for this purpose (and account) and not expired; false for anything else. */
  async take(challenge: string, purpose: CeremonyPurpose, accountId: string | null): Promise<boolean> {
    const issued = await this.ceremonies.take(challenge);
    return issued?.purpose === purpose && issued.accountId === accountId;
  }
}
