import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AppConfig } from '@app/config';
import type { DisableTwoFactorRequest, TwoFactorRecoveryCodes, TwoFactorSetup } from '@app/contracts';
import {
  accountDecider,
  accountRecordOf,
  accountStreamName,
  INVALID_CODE,
  TWO_FACTOR_ALREADY_ON,
  TWO_FACTOR_NOT_SET_UP,
  conflict,
  unauthorized,
  validationError,
} from '@app/domain';
import { PasswordHasher, PersonalDataVault } from '@app/personal-data';
import { AccountDirectory } from '../accounts/account-directory';
import { newRecoveryCodes, recoveryCodeHash } from '../accounts/two-factor/recovery-codes';
import { SecondFactor } from '../accounts/two-factor/second-factor';
import { newTotpSecret, totpStepOf } from '../accounts/two-factor/totp';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import { APP_CONFIG, CLOCK, type Clock } from '../infrastructure/tokens';
import { AbuseLimits } from '../rate-limits/abuse-limits';

export const PASSWORD_INCORRECT = 'Password is incorrect.';

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
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ accountId, userName }: SetUpTwoFactorCommand): Promise<TwoFactorSetup> {
    const { secret, otpauthUrl } = newTotpSecret(userName);
    const sealedSecret = await this.vault.seal(accountId, { secret });
    await this.commands.execute(
      accountStreamName(accountId),
      accountDecider,
      { type: 'StartTwoFactorSetup', accountId, sealedSecret, now: this.clock() },
      { actor: accountId },
    );
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
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly vault: PersonalDataVault,
    private readonly secondFactor: SecondFactor,
    private readonly limits: AbuseLimits,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ accountId, code }: EnableTwoFactorCommand): Promise<TwoFactorRecoveryCodes> {
    const attempt = await this.limits.take('two-factor', accountId);
    const { state } = await this.commands.load(accountStreamName(accountId), accountDecider);
    const twoFactor = accountRecordOf(state)?.twoFactor ?? { status: 'off' };
    if (twoFactor.status === 'on') throw conflict(TWO_FACTOR_ALREADY_ON);
    if (twoFactor.status === 'off') throw validationError(TWO_FACTOR_NOT_SET_UP);
    const secret = await this.secondFactor.secretOf(accountId, twoFactor.sealedSecret);
    const totpStep = secret ? totpStepOf(secret, code, this.clock()) : null;
    if (totpStep === null) throw validationError(INVALID_CODE);
    const recoveryCodes = newRecoveryCodes();
    const hashes = recoveryCodes.map((recoveryCode) => recoveryCodeHash(recoveryCode, this.config.emailLookupPepper));
    const sealedRecoveryCodes = await this.vault.seal(accountId, { hashes });
    await this.commands.execute(
      accountStreamName(accountId),
      accountDecider,
      { type: 'EnableTwoFactor', accountId, totpStep, sealedRecoveryCodes, now: this.clock() },
      { actor: accountId },
    );
    await attempt.release();
    return { recoveryCodes };
  }
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
    private readonly directory: AccountDirectory,
    private readonly hasher: PasswordHasher,
    private readonly secondFactor: SecondFactor,
    private readonly limits: AbuseLimits,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ accountId, request }: DisableTwoFactorCommand): Promise<true> {
    const attempt = await this.limits.take('two-factor', accountId);
    const account = await this.directory.findById(accountId);
    if (!account || !(await this.hasher.verifyOrBurn(account.passwordHash, request.password))) throw unauthorized(PASSWORD_INCORRECT);
    if (account.state.twoFactor.status !== 'on') throw validationError('Two-factor authentication is not on.');
    const code = await this.secondFactor.match(accountId, account.state.twoFactor, request.code);
    if (!code) throw unauthorized(INVALID_CODE);
    await this.commands.execute(
      accountStreamName(accountId),
      accountDecider,
      { type: 'DisableTwoFactor', accountId, code, now: this.clock() },
      { actor: accountId },
    );
    await attempt.release();
    return true;
  }
}
