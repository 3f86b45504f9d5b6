import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { accountDecider, accountStreamName } from '@app/domain';
import { EventSourcedCommands } from '../../infrastructure/event-sourced-commands';

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
    const { position } = await this.commands.execute(
      accountStreamName(accountId),
      accountDecider,
      { type: 'LogOutEverywhere', accountId },
      { actor: accountId },
    );
    // The guard reads the credential version from the accounts read model: settled, every old token is refused from the next request.
    await this.commands.settle(position, ['accounts']);
    return true;
  }
}
