import { Module } from '@nestjs/common';
import { SharedReadsModule } from '../shared/shared-reads.module';
import { FollowingFeedController } from './following-feed.controller';
import { FollowingFeed } from './following-feed';

/** The personal feed: posts by the people and tags one follows. */
@Module({ imports: [SharedReadsModule], controllers: [FollowingFeedController], providers: [FollowingFeed] })
export class FollowingFeedModule {}
