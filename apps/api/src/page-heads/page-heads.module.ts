import { Module } from '@nestjs/common';
import { PageHeads } from './page-heads';
import { PostCards } from './post-cards';
import { PostHeads } from './post-heads';
import { ProfileHeads } from './profile-heads';
import { PublicPosts } from './public-posts';
import { SiteUrls } from './site-urls';

/** The heads of the SPA's pages, and what the sitemap and feeds share with them (public posts, absolute URLs). */
@Module({
  providers: [PageHeads, PostCards, PostHeads, ProfileHeads, PublicPosts, SiteUrls],
  exports: [PageHeads, PostCards, PublicPosts, SiteUrls],
})
export class PageHeadsModule {}
