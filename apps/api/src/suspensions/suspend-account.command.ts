import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SUSPENSION_MESSAGES, suspensionEnd, type SuspensionResult } from '@app/contracts';
import { accountDecider, accountStreamName, notFound } from '@app/domain';
import { AccountDirectory } from '../accounts/account-directory';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';

/**
 * Issue 27: an admin suspends a person until a date (or indefinitely) or lifts it. The events go
 * on the account's stream with the admin as actor (the moderation trail names them); the
 * suspension also revokes every session (`SessionsRevoked`). Both settle the accounts read model,
 * which the guard of every API process reads: from the next request, no token of theirs works.
 */
export class SuspendAccountCommand extends Command<SuspensionResult> {
  constructor(
    readonly adminAccountId: string,
    readonly userName: string,
    /** ISO date or date-time; null: indefinitely. */
    readonly until: string | null,
    readonly reason: string,
  ) {
    super();
  }
}

export class UnsuspendAccountCommand extends Command<SuspensionResult> {
  constructor(
    readonly adminAccountId: string,
    readonly userName: string,
  ) {
    super();
  }
}

const SETTLED = ['accounts', 'moderation-log'] as const;

@CommandHandler(SuspendAccountCommand)
export class SuspendAccountHandler implements ICommandHandler<SuspendAccountCommand, SuspensionResult> {
  constructor(
    private readonly directory: AccountDirectory,
    private readonly commands: EventSourcedCommands,
  ) {}

  async execute({ adminAccountId, userName, until, reason }: SuspendAccountCommand): Promise<SuspensionResult> {
    const accountId = await accountIdOf(this.directory, userName);
    const end = suspensionEnd(until);
    await this.commands.execute(
      accountStreamName(accountId),
      accountDecider,
      { type: 'SuspendAccount', accountId, until: end, reason },
      { actor: adminAccountId, settle: SETTLED },
    );
    return { userName, suspension: { until: end?.toISOString() ?? null, reason } };
  }
}

@CommandHandler(UnsuspendAccountCommand)
export class UnsuspendAccountHandler implements ICommandHandler<UnsuspendAccountCommand, SuspensionResult> {
  constructor(
    private readonly directory: AccountDirectory,
    private readonly commands: EventSourcedCommands,
  ) {}

  async execute({ adminAccountId, userName }: UnsuspendAccountCommand): Promise<SuspensionResult> {
    const accountId = await accountIdOf(this.directory, userName);
    await this.commands.execute(
      accountStreamName(accountId),
      accountDecider,
      { type: 'UnsuspendAccount', accountId },
      { actor: adminAccountId, settle: SETTLED },
    );
    return { userName, suspension: null };
  }
}

async function accountIdOf(directory: AccountDirectory, userName: string): Promise<string> {
  const accountId = await directory.accountIdOfUserName(userName);
  if (!accountId) throw notFound(SUSPENSION_MESSAGES.userNotFound);
  return accountId;
}
