import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DisableTwoFactorRequest, TwoFactorRecoveryCodes, TwoFactorSetup } from '@app/contracts';
import {
  INVALID_CODE,
  TWO_FACTOR_ALREADY_ON,
  TWO_FACTOR_NOT_SET_UP,
  TWO_FACTOR_OFF,
  conflict,
  unauthorized,
  validationError,
  type SealedPersonalData,
  type TwoFactorState,
} from '@app/domain';
import { PersonalDataVault } from '@app/personal-data';
import { PasswordConfirmation } from '../accounts/password-confirmation';
import { SecondFactor } from '../accounts/two-factor/second-factor';
import { newTotpSecret } from '../accounts/two-factor/totp';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import { AbuseLimits } from '../rate-limits/abuse-limits';
import { onOwnAccount } from '../accounts/own-account';
import { RecoveryCodeIssuer } from './recovery-code-issuer';

export class SetUpTwoFactorCommand extends Command<TwoFactorSetup> {
  constructor(
    readonly accountId: string,
    readonly userName: string,
  ) {
    super();
  }
}

/** A new secret, pending (sealed in `TwoFactorSetupStarted`) until a code of it turns two-factor on. */
@CommandHandler(SetUpTwoFactorCommand)
export class SetUpTwoFactorHandler implements ICommandHandler<SetUpTwoFactorCommand, TwoFactorSetup> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly vault: PersonalDataVault,
  ) {}

  async execute({ accountId, userName }: SetUpTwoFactorCommand): Promise<TwoFactorSetup> {
    const { secret, otpauthUrl } = newTotpSecret(userName);
    const sealedSecret = await this.vault.seal(accountId, { secret });
    await onOwnAccount(this.commands, { type: 'StartTwoFactorSetup', accountId, sealedSecret });
    return { secret, otpauthUrl };
  }
}

export class EnableTwoFactorCommand extends Command<TwoFactorRecoveryCodes> {
  constructor(
    readonly accountId: string,
    readonly code: string,
  ) {
    super();
  }
}

/** A code of the pending secret turns two-factor on and answers ten recovery codes, once (only their hashes are kept). */
@CommandHandler(EnableTwoFactorCommand)
export class EnableTwoFactorHandler implements ICommandHandler<EnableTwoFactorCommand, TwoFactorRecoveryCodes> {
  constructor(private readonly issuer: RecoveryCodeIssuer) {}

  execute({ accountId, code }: EnableTwoFactorCommand): Promise<TwoFactorRecoveryCodes> {
    return this.issuer.issue(accountId, code, pendingSecret, (proof) => ({ type: 'EnableTwoFactor', accountId, ...proof }));
  }
}

function pendingSecret(twoFactor: TwoFactorState): SealedPersonalData {
  if (twoFactor.status === 'on') throw conflict(TWO_FACTOR_ALREADY_ON);
  if (twoFactor.status === 'off') throw validationError(TWO_FACTOR_NOT_SET_UP);
  return twoFactor.sealedSecret;
}

export class DisableTwoFactorCommand extends Command<true> {
  constructor(
    readonly accountId: string,
    readonly request: DisableTwoFactorRequest,
  ) {
    super();
  }
}

/** Turning it off takes the password and a code (of the authenticator or a recovery code): a stolen session alone cannot. */
@CommandHandler(DisableTwoFactorCommand)
export class DisableTwoFactorHandler implements ICommandHandler<DisableTwoFactorCommand, true> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly passwords: PasswordConfirmation,
    private readonly secondFactor: SecondFactor,
    private readonly limits: AbuseLimits,
  ) {}

  async execute({ accountId, request }: DisableTwoFactorCommand): Promise<true> {
    const attempt = await this.limits.take('two-factor', accountId);
    const account = await this.passwords.account(accountId, request.password);
    if (account.state.twoFactor.status !== 'on') throw validationError(TWO_FACTOR_OFF);
    const code = await this.secondFactor.match(accountId, account.state.twoFactor, request.code);
    if (!code) throw unauthorized(INVALID_CODE);
    await onOwnAccount(this.commands, { type: 'DisableTwoFactor', accountId, code });
    await attempt.release();
    return true;
  }
}

export class RegenerateRecoveryCodesCommand extends Command<TwoFactorRecoveryCodes> {
  constructor(
    readonly accountId: string,
    readonly code: string,
  ) {
    super();
  }
}

/**
 * Ten new recovery codes in place of the old ones (used or not), shown once. It takes a current code
 * of the authenticator app, not a recovery code: whoever holds a stolen session or one recovery code
 * cannot mint a fresh set. The code's step is used up like a login's.
 */
@CommandHandler(RegenerateRecoveryCodesCommand)
export class RegenerateRecoveryCodesHandler implements ICommandHandler<RegenerateRecoveryCodesCommand, TwoFactorRecoveryCodes> {
  constructor(private readonly issuer: RecoveryCodeIssuer) {}

  execute({ accountId, code }: RegenerateRecoveryCodesCommand): Promise<TwoFactorRecoveryCodes> {
    return this.issuer.issue(accountId, code, activeSecret, (proof) => ({ type: 'RegenerateRecoveryCodes', accountId, ...proof }));
  }
}

function activeSecret(twoFactor: TwoFactorState): SealedPersonalData {
  if (twoFactor.status !== 'on') throw validationError(TWO_FACTOR_OFF);
  return twoFactor.sealedSecret;
}
