import { Body, Controller, Get, Header, Put, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { keysetPageQuerySchema, readingListRequestSchema, type KeysetPageQuery, type ReadingListRequest } from '@app/contracts';
import { postKindOf } from '@app/domain';
import { Authenticated, CurrentUser } from '../auth/auth.decorators';
import type { SessionUser } from '../auth/session-user';
import { actorOf } from '../auth/session-actor';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { LIKES_COLLECTION, READING_LIST_COLLECTION } from '@app/projections';
import { keysetPageAndReader, PAGES_KEPT, ReaderRead } from '../reader-reads/reader-read.decorator';
import { GRID_ITEMS_READ_MODELS } from '../shared/post-grid-items';
import { MyPostLists } from './my-post-lists';
import { SetSavedCommand } from './set-saved.command';

/** The reading list (issue 26): posts saved for later. */
@ApiTags('ReadingList')
@ApiBearerAuth()
@Controller('ReadingList')
export class ReadingListController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly lists: MyPostLists,
  ) {}

  /** Saves (`isSaved: true`) or unsaves a post; the result is `{ isSaved }`. */
  @Put()
  @Authenticated()
  set(@Body(new ZodValidationPipe(readingListRequestSchema)) body: ReadingListRequest, @CurrentUser() user: SessionUser | null) {
    return this.commandBus.execute(new SetSavedCommand(actorOf(user), postKindOf(body.entityType)!, body.id, body.isSaved));
  }

  /** The caller's saved posts, newest saved first. */
  @Get()
  @Header('Cache-Control', 'private, no-store')
  @Authenticated()
  @ReaderRead({
    args: keysetPageAndReader,
    readModels: [{ collection: READING_LIST_COLLECTION }, ...GRID_ITEMS_READ_MODELS],
    maxEntries: PAGES_KEPT,
  })
  list(@Query(new ZodValidationPipe(keysetPageQuerySchema)) page: KeysetPageQuery, @CurrentUser() user: SessionUser | null) {
    return this.lists.readingList(actorOf(user), page);
  }
}

/** GET /api/Like/Mine: the posts the caller likes, newest like first. */
@ApiTags('Like')
@ApiBearerAuth()
@Controller('Like')
export class MyLikesController {
  constructor(private readonly lists: MyPostLists) {}

  @Get('Mine')
  @Header('Cache-Control', 'private, no-store')
  @Authenticated()
  @ReaderRead({
    args: keysetPageAndReader,
    readModels: [{ collection: LIKES_COLLECTION }, ...GRID_ITEMS_READ_MODELS],
    maxEntries: PAGES_KEPT,
  })
  mine(@Query(new ZodValidationPipe(keysetPageQuerySchema)) page: KeysetPageQuery, @CurrentUser() user: SessionUser | null) {
    return this.lists.likedPosts(actorOf(user), page);
  }
}
