import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import type { PasskeySummary, RegisterPasskeyRequest } from '@app/contracts';
import { notFound, validationError, ACCOUNT_NOT_FOUND } from '@app/domain';
import { PersonalDataVault } from '@app/personal-data';
import { AccountDirectory } from '../accounts/account-directory';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import { onOwnAccount } from '../accounts/own-account';
import { PasskeyChallenges } from './passkey-challenges';
import { ListPasskeysHandler } from './passkeys.query';
import { challengeOf, RelyingParty } from './relying-party';

/** One message for every way a registration answer fails: a wrong, used or expired challenge, a bad origin or attestation. */
export const PASSKEY_NOT_REGISTERED = 'The passkey could not be added. Please try again.';
/** The name a passkey gets when its owner gives none. */
export const DEFAULT_PASSKEY_NAME = 'Passkey';

export class StartPasskeyRegistrationCommand extends Command<PublicKeyCredentialCreationOptionsJSON> {
  constructor(readonly accountId: string) {
    super();
  }
}

/** The options for `navigator.credentials.create`; their challenge is remembered for this account, once, for five minutes. */
@CommandHandler(StartPasskeyRegistrationCommand)
export class StartPasskeyRegistrationHandler implements ICommandHandler<
  StartPasskeyRegistrationCommand,
  PublicKeyCredentialCreationOptionsJSON
> {
  constructor(
    private readonly directory: AccountDirectory,
    private readonly relyingParty: RelyingParty,
    private readonly challenges: PasskeyChallenges,
  ) {}

  async execute({ accountId }: StartPasskeyRegistrationCommand): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const account = await this.directory.findById(accountId);
    if (!account || account.erased) throw notFound(ACCOUNT_NOT_FOUND);
    const options = await this.relyingParty.registrationOptions(
      { accountId, userName: account.personal.userName, name: account.personal.name },
      Object.values(account.state.passkeys),
    );
    await this.challenges.remember(options.challenge, 'register', accountId);
    return options;
  }
}

export class RegisterPasskeyCommand extends Command<PasskeySummary> {
  constructor(
    readonly accountId: string,
    readonly request: RegisterPasskeyRequest,
  ) {
    super();
  }
}

/** Verifies the browser's answer against the challenge it took (used up either way) and records the passkey, its name sealed. */
@CommandHandler(RegisterPasskeyCommand)
export class RegisterPasskeyHandler implements ICommandHandler<RegisterPasskeyCommand, PasskeySummary> {
  constructor(
    private readonly relyingParty: RelyingParty,
    private readonly challenges: PasskeyChallenges,
    private readonly commands: EventSourcedCommands,
    private readonly vault: PersonalDataVault,
    private readonly list: ListPasskeysHandler,
  ) {}

  async execute({ accountId, request }: RegisterPasskeyCommand): Promise<PasskeySummary> {
    const challenge = challengeOf(request.response);
    if (!challenge || !(await this.challenges.take(challenge, 'register', accountId))) throw validationError(PASSKEY_NOT_REGISTERED);
    const passkey = await this.relyingParty.verifyRegistration(request.response, challenge);
    if (!passkey) throw validationError(PASSKEY_NOT_REGISTERED);
    const sealedName = await this.vault.seal(accountId, { name: request.name ?? DEFAULT_PASSKEY_NAME });
    await onOwnAccount(this.commands, { type: 'RegisterPasskey', accountId, passkey, sealedName });
    const listed = (await this.list.execute({ accountId })).find((summary) => summary.id === passkey.credentialId);
    if (!listed) throw notFound(ACCOUNT_NOT_FOUND);
    return listed;
  }
}

export class RenamePasskeyCommand extends Command<true> {
  constructor(
    readonly accountId: string,
    readonly credentialId: string,
    readonly name: string,
  ) {
    super();
  }
}

@CommandHandler(RenamePasskeyCommand)
export class RenamePasskeyHandler implements ICommandHandler<RenamePasskeyCommand, true> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly vault: PersonalDataVault,
  ) {}

  async execute({ accountId, credentialId, name }: RenamePasskeyCommand): Promise<true> {
    const sealedName = await this.vault.seal(accountId, { name });
    await onOwnAccount(this.commands, { type: 'RenamePasskey', accountId, credentialId, sealedName });
    return true;
  }
}

export class RemovePasskeyCommand extends Command<true> {
  constructor(
    readonly accountId: string,
    readonly credentialId: string,
  ) {
    super();
  }
}

/** The decider refuses the last way to sign in. */
@CommandHandler(RemovePasskeyCommand)
export class RemovePasskeyHandler implements ICommandHandler<RemovePasskeyCommand, true> {
  constructor(private readonly commands: EventSourcedCommands) {}

  async execute({ accountId, credentialId }: RemovePasskeyCommand): Promise<true> {
    await onOwnAccount(this.commands, { type: 'RemovePasskey', accountId, credentialId });
    return true;
  }
}
