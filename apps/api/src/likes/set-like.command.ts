import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { LikeResult } from '@app/contracts';
import { LIKE_TARGETS, likeDecider, likeStreamName, type Actor, type LikeTarget } from '@app/domain';
import type { ReadStore } from '@app/read-store';
import { LIKES_COLLECTION } from '@app/projections';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import { CLOCK, READ_STORE, type Clock } from '../infrastructure/tokens';
import { VisiblePosts } from '../shared/visible-post';
import { LIKE_READ_MODELS } from './like-routes';
import { AbuseLimits } from '../rate-limits/abuse-limits';

/**
 * Likes or unlikes an item for the caller. The like stream is per item and user and appended with
 * its expected revision, so racing requests of one user count once; the result is the count after it.
 */
export class SetLikeCommand extends Command<LikeResult> {
  constructor(
    readonly target: LikeTarget,
    readonly actor: Actor,
    readonly id: number,
    readonly isLiked: boolean,
  ) {
    super();
  }
}

@CommandHandler(SetLikeCommand)
export class SetLikeHandler implements ICommandHandler<SetLikeCommand, LikeResult> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly limits: AbuseLimits,
    private readonly visible: VisiblePosts,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Limited per account (`like` in RATE_LIMITS); a refused one does not count. */
  execute(command: SetLikeCommand): Promise<LikeResult> {
    return this.limits.limited('like', command.actor.accountId, () => this.record(command));
  }

  private async record({ target, actor, id, isLiked }: SetLikeCommand): Promise<LikeResult> {
    const { entityType } = LIKE_TARGETS[target];
    const targetVisible = await this.visible.isLikeTargetVisible(target, id, actor);
    const { position } = await this.commands.execute(
      likeStreamName(entityType, id, actor.accountId),
      likeDecider,
      { type: 'SetLike', target, targetId: id, targetVisible, actor, isLiked, now: this.clock() },
      { actor: actor.accountId },
    );
    await this.commands.settle(position, LIKE_READ_MODELS);
    return { likes: await this.readStore.count(LIKES_COLLECTION, { entityType, targetId: id }), isLiked };
  }
}
