import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { commentStreamName, POST_KINDS, postDecider, type Actor, type AnswerCandidate } from '@app/domain';
import type { ReadStore } from '@app/read-store';
import { COMMENTS_COLLECTION, type CommentDocument } from '@app/projections';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import { READ_STORE } from '../infrastructure/tokens';
import { POST_READ_MODELS } from './post-kinds';

/** Issue 27: the question's author or an admin accepts a comment as its answer; `commentId: null` clears it. */
export class AcceptAnswerCommand extends Command<{ acceptedCommentId: number | null }> {
  constructor(
    readonly actor: Actor,
    readonly questionId: number,
    readonly commentId: number | null,
  ) {
    super();
  }
}

@CommandHandler(AcceptAnswerCommand)
export class AcceptAnswerHandler implements ICommandHandler<AcceptAnswerCommand, { acceptedCommentId: number | null }> {
  constructor(
    private readonly commands: EventSourcedCommands,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  async execute({ actor, questionId, commentId }: AcceptAnswerCommand): Promise<{ acceptedCommentId: number | null }> {
    // The comment as the comment grid shows it (the comments read model settles before a comment's add answers).
    const document =
      commentId === null ? null : await this.readStore.get<CommentDocument>(COMMENTS_COLLECTION, commentStreamName(commentId));
    const comment: AnswerCandidate | null = document && {
      id: document.commentId,
      postKind: document.postKind,
      postId: document.postId,
      authorId: document.authorId,
      deleted: document.deleted,
      isApproved: document.isApproved,
    };
    await this.commands.execute(
      POST_KINDS.question.streamName(questionId),
      postDecider,
      { type: 'AcceptAnswer', id: questionId, actor, commentId, comment },
      { actor: actor.accountId, settle: POST_READ_MODELS },
    );
    return { acceptedCommentId: commentId };
  }
}
