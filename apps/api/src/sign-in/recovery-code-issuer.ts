import { Inject, Injectable } from '@nestjs/common';
import type { TwoFactorRecoveryCodes } from '@app/contracts';
import {
  accountDecider,
  accountRecordOf,
  accountStreamName,
  INVALID_CODE,
  validationError,
  type AccountCommand,
  type SealedPersonalData,
  type TwoFactorState,
} from '@app/domain';
import { SecondFactor } from '../accounts/two-factor/second-factor';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import { CLOCK, type Clock } from '../infrastructure/tokens';
import { AbuseLimits } from '../rate-limits/abuse-limits';
import { onOwnAccount } from '../accounts/own-account';

/** What a command that hands out recovery codes is given: the step of the code that proved the owner, and the new set sealed. */
export interface RecoveryCodesProof {
  totpStep: number;
  sealedRecoveryCodes: SealedPersonalData;
  now: Date;
}

/**
 * Turning two-factor on and regenerating the recovery codes are one flow: under the account's code
 * limit, a current code of the authenticator app (with the secret `secretOf` picks from the account's
 * two-factor state, or refuses) proves the owner; the command then records ten new codes' keyed hashes,
 * sealed with the owner's key, and the codes are answered once. The decider refuses a step used already.
 */
@Injectable()
export class RecoveryCodeIssuer {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly secondFactor: SecondFactor,
    private readonly limits: AbuseLimits,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async issue(
    accountId: string,
    code: string,
    secretOf: (twoFactor: TwoFactorState) => SealedPersonalData,
    command: (proof: RecoveryCodesProof) => AccountCommand,
  ): Promise<TwoFactorRecoveryCodes> {
    const attempt = await this.limits.take('two-factor', accountId);
    const { state } = await this.commands.load(accountStreamName(accountId), accountDecider);
    const sealedSecret = secretOf(accountRecordOf(state)?.twoFactor ?? { status: 'off' });
    const totpStep = await this.secondFactor.totpStep(accountId, sealedSecret, code);
    if (totpStep === null) throw validationError(INVALID_CODE);
    const { recoveryCodes, sealedRecoveryCodes } = await this.secondFactor.newRecoveryCodes(accountId);
    await onOwnAccount(this.commands, command({ totpStep, sealedRecoveryCodes, now: this.clock() }));
    await attempt.release();
    return { recoveryCodes };
  }
}
