import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Actor, PostFields, PostKind } from '@app/domain';
import { PostSaves } from './save-post';

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
  constructor(private readonly saves: PostSaves) {}

  async execute(command: EditPostCommand): Promise<true> {
    await this.saves.save({ step: 'edit', ...command });
    return true;
  }
}
