import { Logger } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { commentDecider, commentOf, commentStreamName, type Actor, type PostKind } from '@app/domain';
import { ClearDeletedAnswerCommand } from './clear-deleted-answer.command';
import { DeleteFileCommand } from '../files/delete-file.command';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import { CommentCommands } from './comment-commands';

/** The author or an admin deletes a comment, then its images (attachment types 6, 7). */
export class DeleteCommentCommand extends Command<true> {
  constructor(
    readonly kind: PostKind,
    readonly actor: Actor,
    readonly id: number,
  ) {
    super();
  }
}

@CommandHandler(DeleteCommentCommand)
export class DeleteCommentHandler implements ICommandHandler<DeleteCommentCommand, true> {
  private readonly logger = new Logger('Comments');

  constructor(
    private readonly comments: CommentCommands,
    private readonly commands: EventSourcedCommands,
    private readonly commandBus: CommandBus,
  ) {}

  async execute({ kind, actor, id }: DeleteCommentCommand): Promise<true> {
    const comment = commentOf((await this.commands.load(commentStreamName(id), commentDecider)).state);
    await this.comments.change({ type: 'DeleteComment', postKind: kind, id, actor });
    // After the commit: the comment is gone whatever happens to its images. The decider admitted only
    // the author's own images, and the author or an admin deletes them here (already deleted ones are skipped).
    for (const fileId of comment?.attachedFiles ?? []) {
      await this.commandBus
        .execute(new DeleteFileCommand(actor, fileId))
        .catch((error: unknown) => this.logger.warn(`Could not delete image ${fileId} of comment ${id}: ${String(error)}`));
    }
    await this.commandBus.execute(new ClearDeletedAnswerCommand(kind, id, comment?.postId, actor));
    return true;
  }
}
