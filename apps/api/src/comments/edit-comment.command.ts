import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Comment } from '@app/contracts';
import type { Actor, PostKind } from '@app/domain';
import { MentionedAccounts } from '../accounts/mentioned-accounts';
import { CommentCommands } from './comment-commands';
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
    private readonly comments: CommentCommands,
    private readonly views: CommentViews,
    private readonly mentions: MentionedAccounts,
  ) {}

  async execute({ kind, actor, id, content }: EditCommentCommand): Promise<Comment> {
    const mentionIds = await this.mentions.in(content);
    await this.comments.change({ type: 'EditComment', postKind: kind, id, actor, content, mentionIds });
    return this.views.get(kind, id, actor);
  }
}
