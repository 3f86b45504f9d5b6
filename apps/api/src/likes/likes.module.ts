import { Module } from '@nestjs/common';
import { SharedReadsModule } from '../shared/shared-reads.module';
import { LIKE_CONTROLLERS } from './like.controller';
import { ListLikersHandler } from './list-likers.query';
import { SetLikeHandler } from './set-like.command';

/** Likes on articles, questions and their comments (SPEC §7 Like and Likes/Users), one definition over the four targets. */
@Module({
  imports: [SharedReadsModule],
  controllers: LIKE_CONTROLLERS,
  providers: [SetLikeHandler, ListLikersHandler],
})
export class LikesModule {}
