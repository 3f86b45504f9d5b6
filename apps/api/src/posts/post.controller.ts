import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put, type Type } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ApproveRequest } from '@app/contracts';
import { isAdmin, POST_KINDS, type PostKind } from '@app/domain';
import { ACCOUNTS_COLLECTION, POST_VIEW_COLLECTION } from '@app/projections';
import { AdminOnly, Authenticated, CurrentUser } from '../auth/auth.decorators';
import { SpamDefaults } from '../auth/spam-defaults';
import type { SessionUser } from '../auth/session-user';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { SavesOfReader } from '../shared/saves-of-reader';
import { LikesOfReader } from '../shared/likes-of-reader';
import { PublicRead } from '../public-reads/public-read.decorator';
import { numericId } from '../http/numeric-id.pipe';
import { ApprovePostCommand } from './approve-post.command';
import { CreatePostCommand } from './create-post.command';
import { DeletePostCommand } from './delete-post.command';
import { GetPostHistoryQuery } from './history/get-post-history.query';
import { EditPostCommand } from './edit-post.command';
import { GetPostQuery } from './get-post.query';
import { POST_API, postFieldsOf, type PostSaveBody } from './post-kinds';
import { requirePostId } from './post-request';
import { actorOf, viewerOf } from '../auth/session-actor';

const NUMERIC_ID = /^\d{1,16}$/;

/**
 * The calls of a post kind (SPEC §7): POST and PUT /api/{kind} (the kind's save body),
 * GET /api/{kind}/{id}, PUT /api/{kind}/Approve, DELETE /api/{kind}/{id}, and
 * GET /api/{kind}/{id}/History (issue 13); one implementation, made once per post kind.
 */
function postController(kind: PostKind): Type {
  const { label, createdIsPublished } = POST_KINDS[kind];
  const saveBody = new ZodValidationPipe(POST_API[kind].saveRequest);
  // An absent isPublished means what it always meant: an article is saved as a draft, a question is posted.
  const isPublishedOf = (body: PostSaveBody) => body.isPublished ?? createdIsPublished;

  @ApiTags(label)
  @ApiBearerAuth()
  @Controller(label)
  class PostController {
    constructor(
      readonly commandBus: CommandBus,
      readonly queryBus: QueryBus,
      readonly spam: SpamDefaults,
    ) {}

    /** Issue 27: publishing waits for a confirmed e-mail (REQUIRE_CONFIRMED_EMAIL=on); new accounts' links are limited. */
    private checkSpamDefaults(body: PostSaveBody, user: SessionUser | null): void {
      if (isPublishedOf(body)) this.spam.requireConfirmedEmail(user);
      this.spam.limitLinks(user, body.content);
    }

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
      return this.queryBus.execute(new GetPostQuery(kind, id, viewerOf(user)));
    }

    /** Creates the post (an article is a draft unless isPublished); the result is its new id. */
    @Post()
    @HttpCode(HttpStatus.OK)
    @Authenticated()
    create(@Body(saveBody) body: PostSaveBody, @CurrentUser() user: SessionUser | null) {
      this.checkSpamDefaults(body, user);
      return this.commandBus.execute(
        new CreatePostCommand(kind, actorOf(user), postFieldsOf(body), isPublishedOf(body), body.defaultImageId),
      );
    }

    /** Saves edits, publishes or unpublishes (owner or admin). */
    @Put()
    @Authenticated()
    update(@Body(saveBody) body: PostSaveBody, @CurrentUser() user: SessionUser | null) {
      const id = requirePostId(body);
      this.checkSpamDefaults(body, user);
      return this.commandBus.execute(
        new EditPostCommand(kind, actorOf(user), id, postFieldsOf(body), isPublishedOf(body), body.defaultImageId),
      );
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
