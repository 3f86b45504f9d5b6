import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { LikeResult } from '@app/contracts';
import { LIKE_TARGETS, likeDecider, likeStreamName, type Actor, type LikeTarget } from '@app/domain';
import type { ReadStore } from '@app/read-store';
import { LIKES_COLLECTION } from '@app/projections';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import { READ_STORE } from '../infrastructure/tokens';
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
  ) {}

  /** Limited per account (`like` in RATE_LIMITS); a refused one does not count. */
  execute(command: SetLikeCommand): Promise<LikeResult> {
    return this.limits.limited('like', command.actor.accountId, () => this.record(command));
  }

  private async record({ target, actor, id, isLiked }: SetLikeCommand): Promise<LikeResult> {
    const { entityType } = LIKE_TARGETS[target];
    const targetVisible = await this.visible.isLikeTargetVisible(target, id, actor);
    await this.commands.execute(
      likeStreamName(entityType, id, actor.accountId),
      likeDecider,
      { type: 'SetLike', target, targetId: id, targetVisible, actor, isLiked },
      { actor: actor.accountId, settle: LIKE_READ_MODELS },
    );
    return { likes: await this.readStore.count(LIKES_COLLECTION, { entityType, targetId: id }), isLiked };
  }
}
