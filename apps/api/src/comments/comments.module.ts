import { Module } from '@nestjs/common';
import { postIdGeneratorProvider } from '../shared/post-id.generator';
import { SharedReadsModule } from '../shared/shared-reads.module';
import { AddCommentHandler } from './add-comment.command';
import { ApproveCommentHandler } from './approve-comment.command';
import { CommentCommands } from './comment-commands';
import { CommentViews } from './comment-views';
import { CommentFacts } from './commented-post';
import { COMMENT_CONTROLLERS } from './comment.controller';
import { DeleteCommentHandler } from './delete-comment.command';
import { ClearDeletedAnswerHandler } from './clear-deleted-answer.command';
import { EditCommentHandler } from './edit-comment.command';
import { GetCommentHandler } from './get-comment.query';
import { CountCommentsHandler } from './count-comments.query';
import { ListCommentsHandler } from './list-comments.query';

/** Article and question comments (SPEC §7), one set of handlers over both post kinds. */
@Module({
  imports: [SharedReadsModule],
  controllers: COMMENT_CONTROLLERS,
  providers: [
    postIdGeneratorProvider,
    CommentFacts,
    CommentCommands,
    CommentViews,
    AddCommentHandler,
    EditCommentHandler,
    ApproveCommentHandler,
    DeleteCommentHandler,
    ClearDeletedAnswerHandler,
    GetCommentHandler,
    ListCommentsHandler,
    CountCommentsHandler,
  ],
  exports: [CommentViews],
})
export class CommentsModule {}
