import { Body, Controller, Get, Header, Param, Put, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  followTagRequestSchema,
  followUserRequestSchema,
  keysetPageQuerySchema,
  type FollowTagRequest,
  type FollowUserRequest,
  type KeysetPageQuery,
} from '@app/contracts';
import { Authenticated, CurrentUser } from '../auth/auth.decorators';
import type { SessionUser } from '../auth/session-user';
import { actorOf } from '../auth/session-actor';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { numericId } from '../http/numeric-id.pipe';
import { FOLLOWS_COLLECTION } from '@app/projections';
import { ReaderRead } from '../reader-reads/reader-read.decorator';
import { FollowReader } from './follow-reader';
import { SetFollowCommand } from './set-follow.command';

/** Following people and tags (issue 26). */
@ApiTags('Follow')
@ApiBearerAuth()
@Controller('Follow')
export class FollowController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly follows: FollowReader,
  ) {}

  /** Follows (`isFollowing: true`) or unfollows a person; the result is `{ isFollowing, followers }`. */
  @Put('User')
  @Authenticated()
  followUser(@Body(new ZodValidationPipe(followUserRequestSchema)) body: FollowUserRequest, @CurrentUser() user: SessionUser | null) {
    return this.commandBus.execute(new SetFollowCommand(actorOf(user), { kind: 'user', userName: body.userName }, body.isFollowing));
  }

  @Put('Tag')
  @Authenticated()
  followTag(@Body(new ZodValidationPipe(followTagRequestSchema)) body: FollowTagRequest, @CurrentUser() user: SessionUser | null) {
    return this.commandBus.execute(new SetFollowCommand(actorOf(user), { kind: 'tag', tagId: body.tagId }, body.isFollowing));
  }

  /** The tags the caller follows, newest follow first. */
  @Get('Tags')
  @Header('Cache-Control', 'private, no-store')
  @Authenticated()
  @ReaderRead({ args: ({ reader }) => [reader], readModels: [{ collection: FOLLOWS_COLLECTION }], maxEntries: 2000 })
  tags(@CurrentUser() user: SessionUser | null) {
    return this.follows.tagsOf(actorOf(user).accountId);
  }
}

/** GET /api/User/{userName}/Followers and /Following, newest first. */
@ApiTags('User')
@Controller('User')
export class UserFollowsController {
  constructor(private readonly follows: FollowReader) {}

  @Get(':userName/Followers')
  followers(@Param('userName') userName: string, @Query(new ZodValidationPipe(keysetPageQuerySchema)) page: KeysetPageQuery) {
    return this.follows.followers(userName, page);
  }

  @Get(':userName/Following')
  following(@Param('userName') userName: string, @Query(new ZodValidationPipe(keysetPageQuerySchema)) page: KeysetPageQuery) {
    return this.follows.following(userName, page);
  }
}

/** GET /api/Tag/Info/{tagId}: a tag page's head: its posts and followers, and whether the reader follows it. */
@ApiTags('Tag')
@Controller('Tag')
export class TagInfoController {
  constructor(private readonly follows: FollowReader) {}

  @Get('Info/:tagId')
  @Header('Vary', 'Authorization')
  info(@Param('tagId', numericId('Tag id')) tagId: number, @CurrentUser() user: SessionUser | null) {
    return this.follows.tagInfo(tagId, user?.accountId ?? null);
  }
}
