import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedCommands } from '../../infrastructure/event-sourced-commands';
import { onOwnAccount } from '../own-account';

/** The logged-in user ends all their sessions, on every device, this one included. */
export class LogoutEverywhereCommand extends Command<true> {
  constructor(readonly accountId: string) {
    super();
  }
}

@CommandHandler(LogoutEverywhereCommand)
export class LogoutEverywhereHandler implements ICommandHandler<LogoutEverywhereCommand, true> {
  constructor(private readonly commands: EventSourcedCommands) {}

  async execute({ accountId }: LogoutEverywhereCommand): Promise<true> {
    // The guard reads the credential version from the accounts read model: settled, every old token is refused from the next request.
    await onOwnAccount(this.commands, { type: 'LogOutEverywhere', accountId }, ['accounts']);
    return true;
  }
}
