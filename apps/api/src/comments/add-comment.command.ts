import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Comment } from '@app/contracts';
import { commentDecider, commentStreamName, type Actor, type PostIdGenerator, type PostKind } from '@app/domain';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import { POST_ID_GENERATOR } from '../shared/post-id.generator';
import { AbuseLimits } from '../rate-limits/abuse-limits';
import { COMMENT_READ_MODELS } from './comment-kinds';
import { CommentViews } from './comment-views';
import { CommentFacts } from './commented-post';
import { MentionedAccounts } from '../accounts/mentioned-accounts';

/** A logged-in user comments on a post or replies to a comment; the result is the new comment. */
export class AddCommentCommand extends Command<Comment> {
  constructor(
    readonly kind: PostKind,
    readonly actor: Actor,
    readonly postId: number,
    readonly parentId: number,
    readonly content: string,
    readonly attachedFileIds: readonly number[],
  ) {
    super();
  }
}

@CommandHandler(AddCommentCommand)
export class AddCommentHandler implements ICommandHandler<AddCommentCommand, Comment> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly facts: CommentFacts,
    private readonly views: CommentViews,
    private readonly limits: AbuseLimits,
    private readonly mentions: MentionedAccounts,
    @Inject(POST_ID_GENERATOR) private readonly nextId: PostIdGenerator,
  ) {}

  async execute({ kind, actor, postId, parentId, content, attachedFileIds }: AddCommentCommand): Promise<Comment> {
    // A refused comment does not count against the limit (at most 9 in 30 seconds by default).
    return this.limits.limited('comment', actor.accountId, async () => {
      const id = this.nextId();
      const [post, parent, attachedFiles, mentionIds] = await Promise.all([
        this.facts.commentedPost(kind, postId, actor),
        this.facts.repliedComment(parentId),
        this.facts.attachedImages(attachedFileIds),
        this.mentions.in(content),
      ]);
      await this.commands.execute(
        commentStreamName(id),
        commentDecider,
        {
          type: 'AddComment',
          id,
          actor,
          post,
          postKind: kind,
          postId,
          parentId,
          parent,
          content,
          attachedFiles,
          attachedFileIds,
          mentionIds,
        },
        { actor: actor.accountId, settle: COMMENT_READ_MODELS, newStream: true },
      );
      return await this.views.get(kind, id, actor);
    });
  }
}
