import { Module } from '@nestjs/common';
import { ProfilesModule } from '../profiles/profiles.module';
import { SharedReadsModule } from '../shared/shared-reads.module';
import { FollowController, TagInfoController, UserFollowsController } from './follow.controller';
import { FollowReader } from './follow-reader';
import { SetFollowHandler } from './set-follow.command';

/** Following people and tags: the follow writes, the followers/following lists and followed tags. */
@Module({
  imports: [SharedReadsModule, ProfilesModule],
  controllers: [FollowController, UserFollowsController, TagInfoController],
  providers: [FollowReader, SetFollowHandler],
  exports: [FollowReader],
})
export class FollowsModule {}
