import { Injectable } from '@nestjs/common';
import { commentDecider, commentStreamName, type ApproveComment, type DeleteComment, type EditComment } from '@app/domain';
import { EventSourcedCommands, type HandlerCommand } from '../infrastructure/event-sourced-commands';
import { COMMENT_READ_MODELS } from './comment-kinds';
import { CommentFacts } from './commented-post';

/** A change of an existing comment, as its handler writes it: whether the actor sees the comment's post is looked up here. */
export type CommentChange = WithoutVisibility<HandlerCommand<EditComment | ApproveComment | DeleteComment>>;
type WithoutVisibility<Command> = Command extends unknown ? Omit<Command, 'postVisibleToActor'> : never;

/**
 * Edit, approve and delete of a comment: one flow. The comment's post must be visible to the actor
 * (else the comment is 404, as on its page); the answer waits until the comment grid shows it.
 */
@Injectable()
export class CommentCommands {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly facts: CommentFacts,
  ) {}

  async change(command: CommentChange) {
    const postVisibleToActor = await this.facts.commentPostVisibleTo(command.id, command.actor);
    return this.commands.execute(
      commentStreamName(command.id),
      commentDecider,
      { ...command, postVisibleToActor },
      { actor: command.actor.accountId, settle: COMMENT_READ_MODELS },
    );
  }
}
