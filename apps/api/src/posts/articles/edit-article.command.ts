import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AppConfig } from '@app/config';
import { articleDecider, articleStreamName, type Actor, type ArticleFields } from '@app/domain';
import { EventSourcedCommands } from '../../infrastructure/event-sourced-commands';
import { POST_READ_MODELS } from '../post-kinds';
import { APP_CONFIG, CLOCK, type Clock } from '../../infrastructure/tokens';

/** One save of the submit page by the owner or an admin: fields, publish state, default image. */
export class EditArticleCommand extends Command<true> {
  constructor(
    readonly actor: Actor,
    readonly id: number,
    readonly fields: ArticleFields,
    readonly isPublished: boolean,
    readonly defaultImageId: number,
  ) {
    super();
  }
}

@CommandHandler(EditArticleCommand)
export class EditArticleHandler implements ICommandHandler<EditArticleCommand, true> {
  constructor(
    private readonly commands: EventSourcedCommands,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actor, id, fields, isPublished, defaultImageId }: EditArticleCommand): Promise<true> {
    const { position } = await this.commands.execute(
      articleStreamName(id),
      articleDecider,
      { type: 'EditArticle', id, actor, fields, isPublished, defaultImageId, moderation: this.config.moderation, now: this.clock() },
      { actor: actor.accountId },
    );
    await this.commands.settle(position, POST_READ_MODELS);
    return true;
  }
}
