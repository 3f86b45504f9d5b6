import { Module } from '@nestjs/common';
import { LikesOfReader } from './likes-of-reader';
import { VisiblePosts } from './visible-post';

/** Reads several features make (a post the viewer may see, what the viewer likes); posts, comments and likes import this. */
@Module({ providers: [VisiblePosts, LikesOfReader], exports: [VisiblePosts, LikesOfReader] })
export class SharedReadsModule {}
