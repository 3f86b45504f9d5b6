import { Logger } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ResolveFlagsRequest, ResolveFlagsResult } from '@app/contracts';
import { commentOf, type Actor, type CommentState } from '@app/domain';
import { ClearDeletedAnswerCommand } from '../comments/clear-deleted-answer.command';
import { DeleteFileCommand } from '../files/delete-file.command';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import { FLAG_READ_MODELS, flaggableStream } from './flaggable-streams';

/**
 * PUT /api/Moderation/Flags/Resolve: an admin settles an item's open flags by dismissing them (what
 * the flags hid shows again), hiding it or deleting it. The item's revision versions the resolution:
 * a second admin resolving the same round gets 409.
 */
export class ResolveFlagsCommand extends Command<ResolveFlagsResult> {
  constructor(
    readonly actor: Actor,
    readonly request: ResolveFlagsRequest,
  ) {
    super();
  }
}

@CommandHandler(ResolveFlagsCommand)
export class ResolveFlagsHandler implements ICommandHandler<ResolveFlagsCommand, ResolveFlagsResult> {
  private readonly logger = new Logger('Flags');

  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly commandBus: CommandBus,
  ) {}

  async execute({ actor, request }: ResolveFlagsCommand): Promise<ResolveFlagsResult> {
    const { entityType, id, action, note } = request;
    const { streamName, decider } = flaggableStream(entityType, id);
    const { position, events } = await this.commands.execute(
      streamName,
      decider,
      { type: 'ResolveFlags', entityType, id, actor, action, note },
      { actor: actor.accountId },
    );
    // A deleted comment's images go with it, as when it is deleted from its menu (after the commit).
    if (events.some((event) => event.type === 'CommentDeleted')) {
      const { state } = await this.commands.load(streamName, decider);
      const comment = commentOf((state as { item: CommentState }).item);
      for (const fileId of comment?.attachedFiles ?? []) {
        await this.commandBus
          .execute(new DeleteFileCommand(actor, fileId))
          .catch((error: unknown) => this.logger.warn(`Could not delete image ${fileId} of comment ${id}: ${String(error)}`));
      }
      await this.commands.settle(position, FLAG_READ_MODELS);
      if (comment) await this.commandBus.execute(new ClearDeletedAnswerCommand(comment.postKind, id, comment.postId, actor));
      return { entityType, id, action };
    }
    await this.commands.settle(position, FLAG_READ_MODELS);
    return { entityType, id, action };
  }
}
