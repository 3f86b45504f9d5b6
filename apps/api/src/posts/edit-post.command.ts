import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AppConfig } from '@app/config';
import { POST_KINDS, postDecider, type Actor, type PostFields, type PostKind } from '@app/domain';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import { POST_READ_MODELS } from './post-kinds';
import { APP_CONFIG, CLOCK, type Clock } from '../infrastructure/tokens';
import { MentionedAccounts } from '../accounts/mentioned-accounts';

/** One save of the editor by the owner or an admin: fields, publish state, default image. */
export class EditPostCommand extends Command<true> {
  constructor(
    readonly kind: PostKind,
    readonly actor: Actor,
    readonly id: number,
    readonly fields: PostFields,
    readonly isPublished: boolean,
    readonly defaultImageId: number,
  ) {
    super();
  }
}

@CommandHandler(EditPostCommand)
export class EditPostHandler implements ICommandHandler<EditPostCommand, true> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly mentions: MentionedAccounts,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ kind, actor, id, fields, isPublished, defaultImageId }: EditPostCommand): Promise<true> {
    const { position } = await this.commands.execute(
      POST_KINDS[kind].streamName(id),
      postDecider,
      {
        type: POST_KINDS[kind].commands.edit,
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
    return true;
  }
}
