import { Body, Controller, Delete, Get, Param, Put, type Type } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ApproveRequest } from '@app/contracts';
import { isAdmin, POST_KINDS, type Actor, type PostKind } from '@app/domain';
import { ACCOUNTS_COLLECTION, POST_VIEW_COLLECTION } from '@app/projections';
import { AdminOnly, Authenticated, CurrentUser } from '../auth/auth.decorators';
import type { SessionUser } from '../auth/session-user';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { SavesOfReader } from '../shared/saves-of-reader';
import { LikesOfReader } from '../shared/likes-of-reader';
import { PublicRead } from '../public-reads/public-read.decorator';
import { numericId } from '../http/numeric-id.pipe';
import { ApprovePostCommand } from './approve-post.command';
import { GetArticleQuery } from './articles/get-article.query';
import { DeletePostCommand } from './delete-post.command';
import { GetPostHistoryQuery } from './history/get-post-history.query';
import { GetQuestionQuery } from './questions/get-question.query';
import { actorOf, viewerOf } from '../auth/session-actor';

const NUMERIC_ID = /^\d{1,16}$/;

/** The record query of each kind (their shapes differ: SPEC §3 Article and Question). */
const GET_POST: Record<PostKind, (id: number, viewer: Actor | null) => GetArticleQuery | GetQuestionQuery> = {
  article: (id, viewer) => new GetArticleQuery(id, viewer),
  question: (id, viewer) => new GetQuestionQuery(id, viewer),
};

/**
 * The calls articles and questions share (SPEC §7): GET /api/{kind}/{id}, PUT /api/{kind}/Approve,
 * DELETE /api/{kind}/{id}, and GET /api/{kind}/{id}/History (issue 13); one implementation, made
 * once per post kind. Creating and saving stay in the kind's own controller, since their bodies differ.
 */
function postController(kind: PostKind): Type {
  const { label } = POST_KINDS[kind];

  @ApiTags(label)
  @ApiBearerAuth()
  @Controller(label)
  class PostController {
    constructor(
      readonly commandBus: CommandBus,
      readonly queryBus: QueryBus,
    ) {}

    /**
     * The record; drafts and unapproved posts only for their author and admins. Another reader
     * gets the anonymous record with their own `isLikedByMe`; the author and admins (who may see
     * more) get it from Nest.
     */
    @Get(':id')
    @PublicRead({
      anonymous: ({ id }) => (NUMERIC_ID.test(id) ? [Number(id), null] : null),
      readModels: ([id]) => [
        { collection: POST_VIEW_COLLECTION, id: POST_KINDS[kind].streamName(id) },
        { collection: ACCOUNTS_COLLECTION },
      ],
      maxEntries: 2000,
      forReader: async ({ shared, reader, args: [id], get }) =>
        isAdmin(reader) || (shared as { uName?: unknown }).uName === reader.userName
          ? null
          : {
              isLikedByMe: await get(LikesOfReader).likes(viewerOf(reader), kind, id),
              isSavedByMe: await get(SavesOfReader).saved(viewerOf(reader), kind, id),
            },
    })
    get(@Param('id', numericId(`${label} id`)) id: number, @CurrentUser() user: SessionUser | null) {
      return this.queryBus.execute(GET_POST[kind](id, viewerOf(user)));
    }

    /** Every revision of the post from its stream, oldest first (owner and admins). */
    @Get(':id/History')
    @Authenticated()
    history(@Param('id', numericId(`${label} id`)) id: number, @CurrentUser() user: SessionUser | null) {
      return this.queryBus.execute(new GetPostHistoryQuery(kind, id, actorOf(user)));
    }

    /** Approves or unapproves any post of the kind (admins). */
    @Put('Approve')
    @AdminOnly()
    approve(@Body(new ZodValidationPipe(ApproveRequest)) body: ApproveRequest, @CurrentUser() user: SessionUser | null) {
      return this.commandBus.execute(new ApprovePostCommand(kind, actorOf(user), body.id, body.isApproved));
    }

    /** Deletes the post (owner or admin); it is then 404 for everyone. */
    @Delete(':id')
    @Authenticated()
    remove(@Param('id', numericId(`${label} id`)) id: number, @CurrentUser() user: SessionUser | null) {
      return this.commandBus.execute(new DeletePostCommand(kind, actorOf(user), id));
    }
  }
  Object.defineProperty(PostController, 'name', { value: `${label}Controller` });
  return PostController;
}

export const POST_CONTROLLERS: Type[] = (Object.keys(POST_KINDS) as PostKind[]).map(postController);
