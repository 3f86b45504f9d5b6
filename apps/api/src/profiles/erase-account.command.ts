import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ReadStore } from '@app/read-store';
import { READ_MODELS } from '@app/projections';
import { PasswordConfirmation } from '../accounts/password-confirmation';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import { CLOCK, READ_STORE, type Clock } from '../infrastructure/tokens';
import { PROFILE_READ_MODELS } from './change-profile.command';
import { ERASURE, eraseAccount, type EraseDependencies } from './erase-account';

/** DELETE /api/User/: the user erases their own account, confirming with their password. */
export class EraseAccountCommand extends Command<boolean> {
  constructor(
    readonly accountId: string,
    readonly password: string,
  ) {
    super();
  }
}

@CommandHandler(EraseAccountCommand)
export class EraseAccountHandler implements ICommandHandler<EraseAccountCommand, boolean> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly passwords: PasswordConfirmation,
    @Inject(ERASURE) private readonly erasure: EraseDependencies,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ accountId, password }: EraseAccountCommand): Promise<boolean> {
    const account = await this.passwords.account(accountId, password);
    const position = await eraseAccount(this.erasure, accountId, account.personal.email, false, this.clock());
    await this.commands.settle(position, PROFILE_READ_MODELS);
    // Once every read model has dropped the person's name and e-mail, the old copies go from the store's files (its WAL).
    await this.commands.settle(position, READ_MODELS);
    await this.readStore.purgeDeleted();
    return true;
  }
}
