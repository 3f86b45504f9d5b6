import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AppConfig } from '@app/config';
import { questionDecider, questionStreamName, type Actor, type QuestionFields } from '@app/domain';
import { EventSourcedCommands } from '../../infrastructure/event-sourced-commands';
import { POST_READ_MODELS } from '../post-kinds';
import { APP_CONFIG, CLOCK, type Clock } from '../../infrastructure/tokens';

/** One save of the ask page by the owner or an admin: fields and default image. */
export class EditQuestionCommand extends Command<true> {
  constructor(
    readonly actor: Actor,
    readonly id: number,
    readonly fields: QuestionFields,
    readonly defaultImageId: number,
  ) {
    super();
  }
}

@CommandHandler(EditQuestionCommand)
export class EditQuestionHandler implements ICommandHandler<EditQuestionCommand, true> {
  constructor(
    private readonly commands: EventSourcedCommands,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actor, id, fields, defaultImageId }: EditQuestionCommand): Promise<true> {
    const { position } = await this.commands.execute(
      questionStreamName(id),
      questionDecider,
      { type: 'EditQuestion', id, actor, fields, defaultImageId, moderation: this.config.moderation, now: this.clock() },
      { actor: actor.accountId },
    );
    await this.commands.settle(position, POST_READ_MODELS);
    return true;
  }
}
