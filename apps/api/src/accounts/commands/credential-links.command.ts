import { Inject } from '@nestjs/common';
import { CommandHandler, Command, type ICommandHandler } from '@nestjs/cqrs';
import {
  accountDecider,
  accountRecordOf,
  accountStreamName,
  INVALID_LINK,
  LINK_SENT_MESSAGE,
  requireValidCredentialLink,
  validationError,
  type CredentialLinkPurpose,
} from '@app/domain';
import type { AppConfig } from '@app/config';
import { normalizeEmail, PasswordHasher, PersonalDataVault } from '@app/personal-data';
import { EventSourcedCommands } from '../../infrastructure/event-sourced-commands';
import { APP_CONFIG, CLOCK, type Clock } from '../../infrastructure/tokens';
import { AbuseLimits } from '../../rate-limits/abuse-limits';
import { AccountDirectory } from '../account-directory';

/**
 * 'Forgot password' and 'send confirmation link': the same answer whatever the e-mail, mail only
 * to real accounts, and at most a few per e-mail an hour; past that the answer is still the same
 * and no mail goes out, so neither an account nor the limit is revealed.
 */
export class RequestCredentialLinkCommand extends Command<string> {
  constructor(
    readonly purpose: CredentialLinkPurpose,
    readonly email: string,
  ) {
    super();
  }
}

@CommandHandler(RequestCredentialLinkCommand)
export class RequestCredentialLinkHandler implements ICommandHandler<RequestCredentialLinkCommand, string> {
  constructor(
    private readonly directory: AccountDirectory,
    private readonly commands: EventSourcedCommands,
    private readonly limits: AbuseLimits,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ purpose, email }: RequestCredentialLinkCommand): Promise<string> {
    const allowed = await this.limits.tryTake(purpose === 'reset' ? 'reset-link' : 'confirmation-link', normalizeEmail(email));
    if (!allowed.allowed) return LINK_SENT_MESSAGE;
    const accountId = await this.directory.accountIdOf(email);
    if (accountId && (await this.directory.accountExists(accountId))) {
      const type = purpose === 'reset' ? 'RequestPasswordReset' : 'RequestConfirmationLink';
      await this.commands.execute(accountStreamName(accountId), accountDecider, { type, accountId }, { actor: accountId });
    }
    return LINK_SENT_MESSAGE;
  }
}

/** A credential link's query values; `accountId` arrives as the `uname` parameter (SPEC §2 names it). */
export interface LinkFields {
  accountId: string;
  created: string;
  expire: string;
  hash: string;
}

export class ResetPasswordCommand extends Command<string> {
  constructor(
    readonly link: LinkFields,
    readonly newPassword: string,
  ) {
    super();
  }
}

export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed. You can log in with it now.';

/** The link is checked against the account's current credential version, so it works once. */
@CommandHandler(ResetPasswordCommand)
export class ResetPasswordHandler implements ICommandHandler<ResetPasswordCommand, string> {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly commands: EventSourcedCommands,
    private readonly hasher: PasswordHasher,
    private readonly vault: PersonalDataVault,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ link, newPassword }: ResetPasswordCommand): Promise<string> {
    const now = this.clock();
    const credentialVersion = await verifiedLinkVersion(this.commands, this.config, 'reset', link, now);
    const sealedPasswordHash = await this.vault.seal(link.accountId, { passwordHash: await this.hasher.hash(newPassword) });
    await this.commands.execute(
      accountStreamName(link.accountId),
      accountDecider,
      { type: 'ChangePassword', accountId: link.accountId, sealedPasswordHash, credentialVersion, now },
      { actor: link.accountId, settle: ['accounts'] },
    );
    return PASSWORD_CHANGED_MESSAGE;
  }
}

export class ConfirmEmailCommand extends Command<boolean> {
  constructor(readonly link: LinkFields) {
    super();
  }
}

@CommandHandler(ConfirmEmailCommand)
export class ConfirmEmailHandler implements ICommandHandler<ConfirmEmailCommand, boolean> {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly commands: EventSourcedCommands,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ link }: ConfirmEmailCommand): Promise<boolean> {
    const now = this.clock();
    const credentialVersion = await verifiedLinkVersion(this.commands, this.config, 'confirm', link, now);
    await this.commands.execute(
      accountStreamName(link.accountId),
      accountDecider,
      { type: 'ConfirmEmail', accountId: link.accountId, credentialVersion, now },
      { actor: link.accountId, settle: ['accounts'] },
    );
    return true;
  }
}

/** Verifies a link's HMAC against the account's current credential version and returns that version. */
async function verifiedLinkVersion(
  commands: EventSourcedCommands,
  config: AppConfig,
  purpose: CredentialLinkPurpose,
  link: LinkFields,
  now: Date,
) {
  const account = accountRecordOf((await commands.load(accountStreamName(link.accountId), accountDecider)).state);
  if (!account) throw validationError(INVALID_LINK);
  requireValidCredentialLink({ purpose, ...link, credentialVersion: account.credentialVersion }, config.credentialLinkSecret, now);
  return account.credentialVersion;
}
