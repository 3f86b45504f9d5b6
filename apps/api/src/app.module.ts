import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { AccountsModule } from './accounts/accounts.module';
import { AuthModule } from './auth/auth.module';
import { CommentsModule } from './comments/comments.module';
import { ContactModule } from './contact/contact.module';
import { LikesModule } from './likes/likes.module';
import { FollowsModule } from './follows/follows.module';
import { ReadingListModule } from './reading-list/reading-list.module';
import { FollowingFeedModule } from './following-feed/following-feed.module';
import { NotificationsModule } from './notifications/notifications.module';
import { FilesModule } from './files/files.module';
import { FlagsModule } from './flags/flags.module';
import { HealthModule } from './health/health.module';
import { HomeModule } from './home/home.module';
import { IdempotencyModule } from './idempotency/idempotency.module';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { GlobalInterceptor } from './global-interceptor';
import { InfrastructureModule } from './infrastructure/infrastructure.module';
import { PageHeadsModule } from './page-heads/page-heads.module';
import { PostsModule } from './posts/posts.module';
import { FeedsModule } from './feeds/feeds.module';
import { SitemapModule } from './sitemap/sitemap.module';
import { ProfilesModule } from './profiles/profiles.module';
import { RateLimitsModule } from './rate-limits/rate-limits.module';
import { ReferenceDataModule } from './reference-data/reference-data.module';
import { SearchModule } from './search/search.module';
import { SignInModule } from './sign-in/sign-in.module';
import { ExternalSignInModule } from './external-sign-in/external-sign-in.module';
import { PasskeysModule } from './passkeys/passkeys.module';
import { SystemModule } from './system/system.module';
import { SuspensionsModule } from './suspensions/suspensions.module';
import type { SiteEngineOptions } from './infrastructure/site-engines';
import type { Clock } from './infrastructure/tokens';
import type { CheckpointChannel } from '@app/projections';

export interface AppOptions {
  /** Fixes the time commands happen at (tests); the system clock otherwise. */
  clock?: Clock;
  /** Fault injection (test/faults only): wraps the key store. */
  wrapKeyStore?: SiteEngineOptions['wrapKeyStore'];
  /** npm start's API process: its spawned projector, which says when checkpoints moved. */
  checkpointChannel?: CheckpointChannel;
}

@Module({
  imports: [
    CqrsModule.forRoot(),
    AuthModule,
    RateLimitsModule,
    HealthModule,
    IdempotencyModule,
    ReferenceDataModule,
    HomeModule,
    AccountsModule,
    SignInModule,
    ExternalSignInModule,
    PasskeysModule,
    PostsModule,
    CommentsModule,
    LikesModule,
    FollowsModule,
    ReadingListModule,
    FollowingFeedModule,
    NotificationsModule,
    FilesModule,
    ProfilesModule,
    SearchModule,
    SystemModule,
    SuspensionsModule,
    PageHeadsModule,
    SitemapModule,
    FeedsModule,
    ContactModule,
    FlagsModule,
  ],
  providers: [
    { provide: APP_FILTER, useClass: ApiExceptionFilter },
    { provide: APP_INTERCEPTOR, useClass: GlobalInterceptor },
  ],
})
export class AppModule {
  static forRoot(options: AppOptions = {}): DynamicModule {
    return { module: AppModule, imports: [InfrastructureModule.forRoot(options)] };
  }
}
