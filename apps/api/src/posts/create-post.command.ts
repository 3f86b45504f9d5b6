import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AppConfig } from '@app/config';
import { POST_KINDS, postDecider, type Actor, type PostFields, type PostIdGenerator, type PostKind } from '@app/domain';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import { APP_CONFIG, CLOCK, type Clock } from '../infrastructure/tokens';
import { POST_ID_GENERATOR } from '../shared/post-id.generator';
import { POST_READ_MODELS } from './post-kinds';
import { AbuseLimits } from '../rate-limits/abuse-limits';
import { MentionedAccounts } from '../accounts/mentioned-accounts';

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
    private readonly commands: EventSourcedCommands,
    private readonly limits: AbuseLimits,
    private readonly mentions: MentionedAccounts,
    @Inject(POST_ID_GENERATOR) private readonly nextPostId: PostIdGenerator,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Limited per account (`post` in RATE_LIMITS); a refused one does not count. */
  execute(command: CreatePostCommand): Promise<number> {
    return this.limits.limited('post', command.actor.accountId, () => this.record(command));
  }

  private async record({ kind, actor, fields, isPublished, defaultImageId }: CreatePostCommand): Promise<number> {
    const id = this.nextPostId();
    const { position } = await this.commands.execute(
      POST_KINDS[kind].streamName(id),
      postDecider,
      {
        type: POST_KINDS[kind].commands.draft,
        id,
        actor,
        fields,
        isPublished,
        defaultImageId,
        moderation: this.config.moderation,
        mentionIds: await this.mentions.in(fields.content),
        now: this.clock(),
      },
      { actor: actor.accountId },
    );
    await this.commands.settle(position, POST_READ_MODELS);
    return id;
  }
}
