import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { articleDecider, POST_KINDS, questionDecider, type Actor, type PostKind } from '@app/domain';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import { POST_READ_MODELS } from './post-kinds';
import { CLOCK, type Clock } from '../infrastructure/tokens';

/** An admin approves or unapproves a post (SPEC §4 'Post approval'). Setting the current value changes nothing. */
export class ApprovePostCommand extends Command<true> {
  constructor(
    readonly kind: PostKind,
    readonly actor: Actor,
    readonly id: number,
    readonly isApproved: boolean,
  ) {
    super();
  }
}

@CommandHandler(ApprovePostCommand)
export class ApprovePostHandler implements ICommandHandler<ApprovePostCommand, true> {
  constructor(
    private readonly commands: EventSourcedCommands,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ kind, actor, id, isApproved }: ApprovePostCommand): Promise<true> {
    const streamName = POST_KINDS[kind].streamName(id);
    const context = { actor: actor.accountId };
    const now = this.clock();
    const { position } =
      kind === 'article'
        ? await this.commands.execute(streamName, articleDecider, { type: 'ApproveArticle', id, actor, isApproved, now }, context)
        : await this.commands.execute(streamName, questionDecider, { type: 'ApproveQuestion', id, actor, isApproved, now }, context);
    await this.commands.settle(position, POST_READ_MODELS);
    return true;
  }
}
