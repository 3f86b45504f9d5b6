import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '@app/config';
import type { SealedPersonalData, SecondFactorCode, TwoFactorState } from '@app/domain';
import { PersonalDataVault } from '@app/personal-data';
import { APP_CONFIG, CLOCK, type Clock } from '../../infrastructure/tokens';
import { newRecoveryCodes, recoveryCodeHash, recoveryCodeIndex } from './recovery-codes';
import { totpStepOf } from './totp';

/** Opens what two-factor keeps sealed with the owner's key and matches a code against it; seals new recovery codes. */
@Injectable()
export class SecondFactor {
  constructor(
    private readonly vault: PersonalDataVault,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async secretOf(accountId: string, sealedSecret: SealedPersonalData): Promise<string | null> {
    return (await this.vault.open<{ secret: string }>(accountId, sealedSecret))?.secret ?? null;
  }

  /** Ten new recovery codes to show once, and their keyed hashes sealed with the owner's key, to keep. */
  async newRecoveryCodes(accountId: string): Promise<{ recoveryCodes: string[]; sealedRecoveryCodes: SealedPersonalData }> {
    const recoveryCodes = newRecoveryCodes();
    const hashes = recoveryCodes.map((recoveryCode) => recoveryCodeHash(recoveryCode, this.config.emailLookupPepper));
    return { recoveryCodes, sealedRecoveryCodes: await this.vault.seal(accountId, { hashes }) };
  }

  /** The step of a current code of the authenticator app with this secret, or null; the decider refuses a step used already. */
  async totpStep(accountId: string, sealedSecret: SealedPersonalData, code: string): Promise<number | null> {
    const secret = await this.secretOf(accountId, sealedSecret);
    return secret ? totpStepOf(secret, code, this.clock()) : null;
  }

  /**
   * What a code is to an account with two-factor on: the step of a current TOTP code, or the index
   * of a recovery code not used yet; null for anything else. The decider refuses a replayed step.
   */
  async match(accountId: string, twoFactor: TwoFactorState, code: string): Promise<SecondFactorCode | null> {
    if (twoFactor.status !== 'on') return null;
    const totpStep = await this.totpStep(accountId, twoFactor.sealedSecret, code);
    if (totpStep !== null) return { method: 'totp', totpStep };
    const codes = await this.vault.open<{ hashes: string[] }>(accountId, twoFactor.sealedRecoveryCodes);
    const index = codes ? recoveryCodeIndex(code, codes.hashes, this.config.emailLookupPepper) : null;
    if (index === null || twoFactor.usedRecoveryCodes.includes(index)) return null;
    return { method: 'recovery-code', recoveryCodeIndex: index };
  }
}
