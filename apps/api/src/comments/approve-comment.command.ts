import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApprovalCommand } from '../shared/approval.command';
import { CommentCommands } from './comment-commands';

/** An admin approves or unapproves a comment. */
export class ApproveCommentCommand extends ApprovalCommand {}

@CommandHandler(ApproveCommentCommand)
export class ApproveCommentHandler implements ICommandHandler<ApproveCommentCommand, true> {
  constructor(private readonly comments: CommentCommands) {}

  async execute({ kind, actor, id, isApproved }: ApproveCommentCommand): Promise<true> {
    await this.comments.change({ type: 'ApproveComment', postKind: kind, id, actor, isApproved });
    return true;
  }
}
