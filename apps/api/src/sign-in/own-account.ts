import { accountDecider, accountStreamName, type AccountCommand } from '@app/domain';
import type { EventSourcedCommands } from '../infrastructure/event-sourced-commands';

/** Runs a command on the caller's own account stream: Settings changes only its owner's account, so the owner is the actor. */
export const onOwnAccount = (commands: EventSourcedCommands, command: AccountCommand) =>
  commands.execute(accountStreamName(command.accountId), accountDecider, command, { actor: command.accountId });
