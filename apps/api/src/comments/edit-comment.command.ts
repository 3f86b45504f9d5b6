import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Comment } from '@app/contracts';
import { commentDecider, commentStreamName, type Actor, type PostKind } from '@app/domain';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import { CommentFacts } from './commented-post';
import { MentionedAccounts } from '../accounts/mentioned-accounts';
import { COMMENT_READ_MODELS } from './comment-kinds';
import { CommentViews } from './comment-views';

/** The author or an admin edits a comment's content; the result is the updated comment. */
export class EditCommentCommand extends Command<Comment> {
  constructor(
    readonly kind: PostKind,
    readonly actor: Actor,
    readonly id: number,
    readonly content: string,
  ) {
    super();
  }
}

@CommandHandler(EditCommentCommand)
export class EditCommentHandler implements ICommandHandler<EditCommentCommand, Comment> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly facts: CommentFacts,
    private readonly views: CommentViews,
    private readonly mentions: MentionedAccounts,
  ) {}

  async execute({ kind, actor, id, content }: EditCommentCommand): Promise<Comment> {
    await this.commands.execute(
      commentStreamName(id),
      commentDecider,
      {
        type: 'EditComment',
        postKind: kind,
        id,
        actor,
        postVisibleToActor: await this.facts.commentPostVisibleTo(id, actor),
        content,
        mentionIds: await this.mentions.in(content),
      },
      { actor: actor.accountId, settle: COMMENT_READ_MODELS },
    );
    return this.views.get(kind, id, actor);
  }
}
