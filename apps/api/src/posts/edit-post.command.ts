import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AppConfig } from '@app/config';
import type { Actor, PostFields, PostKind } from '@app/domain';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import { savePost } from './save-post';
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

  async execute(command: EditPostCommand): Promise<true> {
    await savePost(
      this.commands,
      { step: 'edit', ...command, mentionIds: await this.mentions.in(command.fields.content) },
      { config: this.config, clock: this.clock },
    );
    return true;
  }
}
