import { Module } from '@nestjs/common';
import { PageHeads } from './page-heads';
import { PostHeads } from './post-heads';
import { ProfileHeads } from './profile-heads';
import { PublicPosts } from './public-posts';
import { SiteUrls } from './site-urls';

/** The heads of the SPA's pages, and what the sitemap and feeds share with them (public posts, absolute URLs). */
@Module({
  providers: [PageHeads, PostHeads, ProfileHeads, PublicPosts, SiteUrls],
  exports: [PageHeads, PublicPosts, SiteUrls],
})
export class PageHeadsModule {}
