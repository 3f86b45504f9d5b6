import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { POST_KINDS, postDecider, type Actor, type PostKind } from '@app/domain';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import { POST_READ_MODELS } from './post-kinds';

/** The owner or an admin deletes a post; it is then 404 for everyone. */
export class DeletePostCommand extends Command<true> {
  constructor(
    readonly kind: PostKind,
    readonly actor: Actor,
    readonly id: number,
  ) {
    super();
  }
}

@CommandHandler(DeletePostCommand)
export class DeletePostHandler implements ICommandHandler<DeletePostCommand, true> {
  constructor(private readonly commands: EventSourcedCommands) {}

  async execute({ kind, actor, id }: DeletePostCommand): Promise<true> {
    await this.commands.execute(
      POST_KINDS[kind].streamName(id),
      postDecider,
      { type: POST_KINDS[kind].commands.delete, id, actor },
      { actor: actor.accountId, settle: POST_READ_MODELS },
    );
    return true;
  }
}
