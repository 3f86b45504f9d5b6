import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Actor, PostFields, PostKind } from '@app/domain';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import { savePost } from './save-post';
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
  ) {}

  async execute(command: EditPostCommand): Promise<true> {
    await savePost(this.commands, { step: 'edit', ...command, mentionIds: await this.mentions.in(command.fields.content) });
    return true;
  }
}
