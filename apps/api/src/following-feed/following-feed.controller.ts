import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { keysetPageQuerySchema, type KeysetPageQuery } from '@app/contracts';
import { Authenticated, CurrentUser } from '../auth/auth.decorators';
import type { SessionUser } from '../auth/session-user';
import { actorOf } from '../auth/session-actor';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { keysetPageAndReader, PAGES_KEPT, ReaderRead } from '../reader-reads/reader-read.decorator';
import { FOLLOWING_FEED_READ_MODELS, FollowingFeed } from './following-feed';

@ApiTags('Home')
@ApiBearerAuth()
@Controller('Home')
export class FollowingFeedController {
  constructor(private readonly feed: FollowingFeed) {}

  /** The reader's Following tab: posts by the people and tags they follow, newest first. */
  @Get('Following')
  @Header('Cache-Control', 'private, no-store')
  @Authenticated()
  @ReaderRead({ args: keysetPageAndReader, readModels: FOLLOWING_FEED_READ_MODELS, maxEntries: PAGES_KEPT })
  following(@Query(new ZodValidationPipe(keysetPageQuerySchema)) page: KeysetPageQuery, @CurrentUser() user: SessionUser | null) {
    return this.feed.page(actorOf(user), page);
  }
}
