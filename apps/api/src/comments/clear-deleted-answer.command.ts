import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { POST_KINDS, postDecider, type Actor, type PostKind } from '@app/domain';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';

const ANSWER_READ_MODELS = ['home', 'post-view', 'search'] as const;

/**
 * Issue 27's policy: a deleted comment is no longer its question's accepted answer. The question
 * records it (QuestionAcceptedAnswerCleared), so its state, the reads and the search follow one
 * event. Sent after the comment's deletion is committed (from its menu or a flag resolution): two
 * streams, two appends; a crash in between leaves the mark on a deleted comment, which the reads
 * never show as accepted.
 */
export class ClearDeletedAnswerCommand extends Command<void> {
  constructor(
    readonly kind: PostKind,
    readonly commentId: number,
    readonly questionId: number | undefined,
    readonly actor: Actor,
  ) {
    super();
  }
}

@CommandHandler(ClearDeletedAnswerCommand)
export class ClearDeletedAnswerHandler implements ICommandHandler<ClearDeletedAnswerCommand, void> {
  constructor(private readonly commands: EventSourcedCommands) {}

  async execute({ kind, commentId, questionId, actor }: ClearDeletedAnswerCommand): Promise<void> {
    if (kind !== 'question' || questionId === undefined) return;
    await this.commands.execute(
      POST_KINDS.question.streamName(questionId),
      postDecider,
      { type: 'ClearDeletedAnswer', id: questionId, commentId },
      { actor: actor.accountId, settle: ANSWER_READ_MODELS },
    );
  }
}
