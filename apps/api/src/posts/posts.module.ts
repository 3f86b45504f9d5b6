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
import { POST_ID_GENERATOR, postIdGeneratorProvider } from './post-id.generator';
import { LikesOfReader } from '../likes/likes-of-reader';
import { AskQuestionHandler } from './questions/ask-question.command';
import { EditQuestionHandler } from './questions/edit-question.command';
import { GetQuestionHandler } from './questions/get-question.query';
import { QuestionSaveController } from './questions/question.controller';
import { POST_CONTROLLERS } from './post.controller';
import { VisiblePosts } from './views/visible-post';

/** Articles and questions: drafting, editing, publishing, moderation and their views (SPEC §7). */
@Module({
  controllers: [...POST_CONTROLLERS, ArticleSaveController, QuestionSaveController, ModerationController],
  providers: [
    postIdGeneratorProvider,
    VisiblePosts,
    LikesOfReader,
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
  exports: [POST_ID_GENERATOR, VisiblePosts, LikesOfReader],
})
export class PostsModule {}
