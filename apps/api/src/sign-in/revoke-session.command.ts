import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { sessionDecider, sessionStreamName } from '@app/domain';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';

/** The owner ends one of their sessions (another's, or an unknown id, answers 404). */
export class RevokeSessionCommand extends Command<true> {
  constructor(
    readonly accountId: string,
    readonly sessionId: string,
  ) {
    super();
  }
}

@CommandHandler(RevokeSessionCommand)
export class RevokeSessionHandler implements ICommandHandler<RevokeSessionCommand, true> {
  constructor(private readonly commands: EventSourcedCommands) {}

  async execute({ accountId, sessionId }: RevokeSessionCommand): Promise<true> {
    const { position } = await this.commands.execute(
      sessionStreamName(sessionId),
      sessionDecider,
      { type: 'RevokeSession', sessionId, accountId },
      { actor: accountId },
    );
    // The guard reads revoked sessions from the accounts read model: settled, its token is refused on every API process.
    await this.commands.settle(position, ['accounts', 'sign-in']);
    return true;
  }
}
