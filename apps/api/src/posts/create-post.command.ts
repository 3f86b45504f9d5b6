import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Actor, PostFields, PostIdGenerator, PostKind } from '@app/domain';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import { POST_ID_GENERATOR } from '../shared/post-id.generator';
import { AbuseLimits } from '../rate-limits/abuse-limits';
import { savePost } from './save-post';
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
  ) {}

  /** Limited per account (`post` in RATE_LIMITS); a refused one does not count. */
  execute(command: CreatePostCommand): Promise<number> {
    return this.limits.limited('post', command.actor.accountId, () => this.record(command));
  }

  private async record(command: CreatePostCommand): Promise<number> {
    const id = this.nextPostId();
    await savePost(this.commands, { step: 'draft', id, ...command, mentionIds: await this.mentions.in(command.fields.content) });
    return id;
  }
}
