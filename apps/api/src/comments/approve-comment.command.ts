import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { commentDecider, commentStreamName } from '@app/domain';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import { ApprovalCommand } from '../shared/approval.command';
import { CommentFacts } from './commented-post';
import { CLOCK, type Clock } from '../infrastructure/tokens';
import { COMMENT_READ_MODELS } from './comment-kinds';

/** An admin approves or unapproves a comment. */
export class ApproveCommentCommand extends ApprovalCommand {}

@CommandHandler(ApproveCommentCommand)
export class ApproveCommentHandler implements ICommandHandler<ApproveCommentCommand, true> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly facts: CommentFacts,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ kind, actor, id, isApproved }: ApproveCommentCommand): Promise<true> {
    const { position } = await this.commands.execute(
      commentStreamName(id),
      commentDecider,
      {
        type: 'ApproveComment',
        postKind: kind,
        id,
        actor,
        postVisibleToActor: await this.facts.commentPostVisibleTo(id, actor),
        isApproved,
        now: this.clock(),
      },
      { actor: actor.accountId },
    );
    await this.commands.settle(position, COMMENT_READ_MODELS);
    return true;
  }
}
