import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AppConfig } from '@app/config';
import { questionDecider, questionStreamName, type Actor, type PostIdGenerator, type QuestionFields } from '@app/domain';
import { EventSourcedCommands } from '../../infrastructure/event-sourced-commands';
import { APP_CONFIG, CLOCK, type Clock } from '../../infrastructure/tokens';
import { POST_ID_GENERATOR } from '../../shared/post-id.generator';
import { POST_READ_MODELS } from '../post-kinds';
import { AbuseLimits } from '../../rate-limits/abuse-limits';

/** Asks a question (visible at once, subject to moderation); the result is its new id. */
export class AskQuestionCommand extends Command<number> {
  constructor(
    readonly actor: Actor,
    readonly fields: QuestionFields,
    readonly defaultImageId: number,
  ) {
    super();
  }
}

@CommandHandler(AskQuestionCommand)
export class AskQuestionHandler implements ICommandHandler<AskQuestionCommand, number> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly limits: AbuseLimits,
    @Inject(POST_ID_GENERATOR) private readonly nextPostId: PostIdGenerator,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Limited per account (`post` in RATE_LIMITS); a refused one does not count. */
  execute(command: AskQuestionCommand): Promise<number> {
    return this.limits.limited('post', command.actor.accountId, () => this.record(command));
  }

  private async record({ actor, fields, defaultImageId }: AskQuestionCommand): Promise<number> {
    const id = this.nextPostId();
    const { position } = await this.commands.execute(
      questionStreamName(id),
      questionDecider,
      { type: 'AskQuestion', id, actor, fields, defaultImageId, moderation: this.config.moderation, now: this.clock() },
      { actor: actor.accountId },
    );
    await this.commands.settle(position, POST_READ_MODELS);
    return id;
  }
}
