import { Module } from '@nestjs/common';
import { FollowCounts } from './follow-counts';
import { LikesOfReader } from './likes-of-reader';
import { PostGridItems } from './post-grid-items';
import { SavesOfReader } from './saves-of-reader';
import { VisiblePosts } from './visible-post';

/** Reads several features make (a post the viewer may see, what the viewer likes, follow counts); posts, comments and likes import this. */
@Module({
  providers: [VisiblePosts, LikesOfReader, FollowCounts, SavesOfReader, PostGridItems],
  exports: [VisiblePosts, LikesOfReader, FollowCounts, SavesOfReader, PostGridItems],
})
export class SharedReadsModule {}
