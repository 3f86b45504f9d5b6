import { Module } from '@nestjs/common';
import { AcceptAnswerHandler } from './accept-answer.command';
import { AcceptedAnswerController } from './accepted-answer.controller';
import { ApprovePostHandler } from './approve-post.command';
import { PostSaves } from './save-post';
import { CreatePostHandler } from './create-post.command';
import { EditPostHandler } from './edit-post.command';
import { GetPostHandler } from './get-post.query';
import { DeletePostHandler } from './delete-post.command';
import { GetPostHistoryHandler } from './history/get-post-history.query';
import { GetModerationHistoryHandler } from './moderation/get-moderation-history.query';
import { GetRecentModerationHandler } from './moderation/get-recent-moderation.query';
import { ModerationController } from './moderation/moderation.controller';
import { postIdGeneratorProvider } from '../shared/post-id.generator';
import { POST_CONTROLLERS } from './post.controller';
import { SharedReadsModule } from '../shared/shared-reads.module';

/** Articles and questions: drafting, editing, publishing, moderation and their views (SPEC §7). */
@Module({
  imports: [SharedReadsModule],
  controllers: [...POST_CONTROLLERS, AcceptedAnswerController, ModerationController],
  providers: [
    postIdGeneratorProvider,
    PostSaves,
    CreatePostHandler,
    EditPostHandler,
    GetPostHandler,
    ApprovePostHandler,
    AcceptAnswerHandler,
    DeletePostHandler,
    GetModerationHistoryHandler,
    GetPostHistoryHandler,
    GetRecentModerationHandler,
  ],
})
export class PostsModule {}
