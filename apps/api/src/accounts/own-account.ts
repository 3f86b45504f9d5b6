import { accountDecider, accountStreamName, type AccountCommand } from '@app/domain';
import type { ReadModelName } from '@app/projections';
import type { EventSourcedCommands, HandlerCommand } from '../infrastructure/event-sourced-commands';

/**
 * Runs a command on the caller's own account stream: Settings changes only its owner's account, so
 * the owner is the actor. With `settle`, it answers once those read models show the change.
 */
export const onOwnAccount = (commands: EventSourcedCommands, command: HandlerCommand<AccountCommand>, settle?: readonly ReadModelName[]) =>
  commands.execute(accountStreamName(command.accountId), accountDecider, command, { actor: command.accountId, settle });
