import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { commentDecider, commentStreamName, type Actor, type PostKind } from '@app/domain';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import { CommentFacts } from './commented-post';
import { COMMENT_READ_MODELS } from './comment-kinds';

/** An admin approves or unapproves a comment; setting the current value changes nothing. */
export class ApproveCommentCommand extends Command<true> {
  constructor(
    readonly kind: PostKind,
    readonly actor: Actor,
    readonly id: number,
    readonly isApproved: boolean,
  ) {
    super();
  }
}

@CommandHandler(ApproveCommentCommand)
export class ApproveCommentHandler implements ICommandHandler<ApproveCommentCommand, true> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly facts: CommentFacts,
  ) {}

  async execute({ kind, actor, id, isApproved }: ApproveCommentCommand): Promise<true> {
    await this.commands.execute(
      commentStreamName(id),
      commentDecider,
      {
        type: 'ApproveComment',
        postKind: kind,
        id,
        actor,
        postVisibleToActor: await this.facts.commentPostVisibleTo(id, actor),
        isApproved,
      },
      { actor: actor.accountId, settle: COMMENT_READ_MODELS },
    );
    return true;
  }
}
