import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Actor, PostKind } from '@app/domain';
import { CommentCommands } from './comment-commands';

/** An admin approves or unapproves a comment; setting the current value changes nothing. */
export class ApproveCommentCommand extends Command<true> {
  constructor(
    readonly kind: PostKind,
    readonly actor: Actor,
    readonly id: number,
    readonly isApproved: boolean,
  ) {
    super();
  }
}

@CommandHandler(ApproveCommentCommand)
export class ApproveCommentHandler implements ICommandHandler<ApproveCommentCommand, true> {
  constructor(private readonly comments: CommentCommands) {}

  async execute({ kind, actor, id, isApproved }: ApproveCommentCommand): Promise<true> {
    await this.comments.change({ type: 'ApproveComment', postKind: kind, id, actor, isApproved });
    return true;
  }
}
