import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Actor, PostFields, PostIdGenerator, PostKind } from '@app/domain';
import { POST_ID_GENERATOR } from '../shared/post-id.generator';
import { AbuseLimits } from '../rate-limits/abuse-limits';
import { PostSaves } from './save-post';

/** Creates a post of a kind (a draft unless `isPublished`); the result is its new id. */
export class CreatePostCommand extends Command<number> {
  constructor(
    readonly kind: PostKind,
    readonly actor: Actor,
    readonly fields: PostFields,
    readonly isPublished: boolean,
    readonly defaultImageId: number,
  ) {
    super();
  }
}

@CommandHandler(CreatePostCommand)
export class CreatePostHandler implements ICommandHandler<CreatePostCommand, number> {
  constructor(
    private readonly saves: PostSaves,
    private readonly limits: AbuseLimits,
    @Inject(POST_ID_GENERATOR) private readonly nextPostId: PostIdGenerator,
  ) {}

  /** Limited per account (`post` in RATE_LIMITS); a refused one does not count. */
  execute(command: CreatePostCommand): Promise<number> {
    return this.limits.limited('post', command.actor.accountId, async () => {
      const id = this.nextPostId();
      await this.saves.save({ step: 'draft', id, ...command });
      return id;
    });
  }
}
