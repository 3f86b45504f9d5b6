import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { FlagRequest } from '@app/contracts';
import { accountDecider, accountStreamName, likeTargetOf, unauthorized, type Actor } from '@app/domain';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import { VisiblePosts } from '../shared/visible-post';
import { AbuseLimits } from '../rate-limits/abuse-limits';
import { FLAG_READ_MODELS, flaggableStream } from './flaggable-streams';

/** POST /api/Flag: a reader flags a post or comment (once per item); the third eligible flag hides it pending review. */
export class FlagItemCommand extends Command<true> {
  constructor(
    readonly actor: Actor,
    readonly request: FlagRequest,
  ) {
    super();
  }
}

@CommandHandler(FlagItemCommand)
export class FlagItemHandler implements ICommandHandler<FlagItemCommand, true> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly limits: AbuseLimits,
    private readonly visible: VisiblePosts,
  ) {}

  /** Limited per account (`flag` in RATE_LIMITS); a refused flag does not count. */
  execute(command: FlagItemCommand): Promise<true> {
    return this.limits.limited('flag', command.actor.accountId, () => this.record(command));
  }

  private async record({ actor, request }: FlagItemCommand): Promise<true> {
    const { entityType, id, reason, note } = request;
    const { state: account } = await this.commands.load(accountStreamName(actor.accountId), accountDecider);
    if (account.status !== 'registered') throw unauthorized();
    const { streamName, decider } = flaggableStream(entityType, id);
    await this.commands.execute(
      streamName,
      decider,
      {
        type: 'FlagItem',
        entityType,
        id,
        actor,
        flagger: { emailConfirmed: account.account.emailConfirmed, registeredAt: account.account.registeredAt },
        visibleToActor: await this.visible.isLikeTargetVisible(likeTargetOf(entityType)!, id, actor),
        reason,
        note,
      },
      { actor: actor.accountId, settle: FLAG_READ_MODELS },
    );
    return true;
  }
}
