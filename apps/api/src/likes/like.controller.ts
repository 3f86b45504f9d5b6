import { Body, Controller, Get, Param, Put, type Type } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { likeRequestSchema, type LikeRequest } from '@app/contracts';
import type { LikeTarget } from '@app/domain';
import { RequiresConfirmedEmail } from '../auth/spam-defaults';
import { Authenticated, CurrentUser } from '../auth/auth.decorators';
import type { SessionUser } from '../auth/session-user';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { actorOf, viewerOf } from '../auth/session-actor';
import { numericId } from '../http/numeric-id.pipe';
import { LIKE_ROUTES } from './like-routes';
import { ListLikersQuery } from './list-likers.query';
import { SetLikeCommand } from './set-like.command';

/** PUT /api/{target}/Like and GET /api/{target}/Likes/Users/{id}: one implementation, made once per likeable target. */
function likeController(target: LikeTarget): Type {
  const route = LIKE_ROUTES[target];

  @ApiTags(route)
  @ApiBearerAuth()
  @Controller(route)
  class LikeController {
    constructor(
      readonly commandBus: CommandBus,
      readonly queryBus: QueryBus,
    ) {}

    /** Likes (`isLiked: true`) or unlikes the item; the result is `{ likes, isLiked }`. */
    @Put('Like')
    @Authenticated()
    @RequiresConfirmedEmail()
    like(@Body(new ZodValidationPipe(likeRequestSchema)) body: LikeRequest, @CurrentUser() user: SessionUser | null) {
      return this.commandBus.execute(new SetLikeCommand(target, actorOf(user), body.id, body.isLiked));
    }

    /** The users who like the item, newest first. */
    @Get('Likes/Users/:id')
    likers(@Param('id', numericId(`${route} id`)) id: number, @CurrentUser() user: SessionUser | null) {
      return this.queryBus.execute(new ListLikersQuery(target, id, viewerOf(user)));
    }
  }
  Object.defineProperty(LikeController, 'name', { value: `${route}LikeController` });
  return LikeController;
}

export const LIKE_CONTROLLERS: Type[] = (Object.keys(LIKE_ROUTES) as LikeTarget[]).map(likeController);
