import { Module } from '@nestjs/common';
import { ApprovePostHandler } from './approve-post.command';
import { ArticleSaveController } from './articles/article.controller';
import { DraftArticleHandler } from './articles/draft-article.command';
import { EditArticleHandler } from './articles/edit-article.command';
import { GetArticleHandler } from './articles/get-article.query';
import { DeletePostHandler } from './delete-post.command';
import { GetPostHistoryHandler } from './history/get-post-history.query';
import { GetModerationHistoryHandler } from './moderation/get-moderation-history.query';
import { GetRecentModerationHandler } from './moderation/get-recent-moderation.query';
import { ModerationController } from './moderation/moderation.controller';
import { postIdGeneratorProvider } from '../shared/post-id.generator';
import { AskQuestionHandler } from './questions/ask-question.command';
import { EditQuestionHandler } from './questions/edit-question.command';
import { GetQuestionHandler } from './questions/get-question.query';
import { QuestionSaveController } from './questions/question.controller';
import { POST_CONTROLLERS } from './post.controller';
import { SharedReadsModule } from '../shared/shared-reads.module';

/** Articles and questions: drafting, editing, publishing, moderation and their views (SPEC §7). */
@Module({
  imports: [SharedReadsModule],
  controllers: [...POST_CONTROLLERS, ArticleSaveController, QuestionSaveController, ModerationController],
  providers: [
    postIdGeneratorProvider,
    DraftArticleHandler,
    EditArticleHandler,
    GetArticleHandler,
    AskQuestionHandler,
    EditQuestionHandler,
    GetQuestionHandler,
    ApprovePostHandler,
    DeletePostHandler,
    GetModerationHistoryHandler,
    GetPostHistoryHandler,
    GetRecentModerationHandler,
  ],
})
export class PostsModule {}
