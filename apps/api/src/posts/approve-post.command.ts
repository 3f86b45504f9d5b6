import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { POST_KINDS, postDecider } from '@app/domain';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import { ApprovalCommand } from '../shared/approval.command';
import { POST_READ_MODELS } from './post-kinds';

/** An admin approves or unapproves a post (SPEC §4 'Post approval'). */
export class ApprovePostCommand extends ApprovalCommand {}

@CommandHandler(ApprovePostCommand)
export class ApprovePostHandler implements ICommandHandler<ApprovePostCommand, true> {
  constructor(private readonly commands: EventSourcedCommands) {}

  async execute({ kind, actor, id, isApproved }: ApprovePostCommand): Promise<true> {
    await this.commands.execute(
      POST_KINDS[kind].streamName(id),
      postDecider,
      { type: POST_KINDS[kind].commands.approve, id, actor, isApproved },
      { actor: actor.accountId, settle: POST_READ_MODELS },
    );
    return true;
  }
}
