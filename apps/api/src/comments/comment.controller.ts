import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put, type Type } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  ApproveRequest,
  commentEditRequestSchema,
  commentPageParamsSchema,
  type CommentEditRequest,
  type CommentPageParams,
} from '@app/contracts';
import { POST_KINDS, type PostKind } from '@app/domain';
import { ACCOUNTS_COLLECTION, COMMENTS_COLLECTION, POST_VIEW_COLLECTION, PROFILES_COLLECTION } from '@app/projections';
import { AdminOnly, Authenticated, CurrentUser } from '../auth/auth.decorators';
import { RequiresConfirmedEmail, SpamDefaults } from '../auth/spam-defaults';
import type { SessionUser } from '../auth/session-user';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { actorOf, viewerOf } from '../auth/session-actor';
import { PublicRead } from '../public-reads/public-read.decorator';
import { numericId } from '../http/numeric-id.pipe';
import { AddCommentCommand } from './add-comment.command';
import { ApproveCommentCommand } from './approve-comment.command';
import { COMMENT_ROUTES } from './comment-kinds';
import { COMMENT_CREATE_SCHEMAS, type CommentCreateRequest } from './comment-request';
import { DeleteCommentCommand } from './delete-comment.command';
import { EditCommentCommand } from './edit-comment.command';
import { GetCommentQuery } from './get-comment.query';
import { CountCommentsQuery } from './count-comments.query';
import { ListCommentsQuery } from './list-comments.query';

/** SPEC §7 'Article comment' / 'Question comment': one implementation, made once per post kind. */
function commentController(kind: PostKind): Type {
  const { route } = COMMENT_ROUTES[kind];

  @ApiTags(route)
  @ApiBearerAuth()
  @Controller(route)
  class CommentController {
    constructor(
      readonly commandBus: CommandBus,
      readonly queryBus: QueryBus,
      readonly spam: SpamDefaults,
    ) {}

    /** Comments on the post (or replies to `parentId`); the result is the new comment. */
    @Post()
    @RequiresConfirmedEmail()
    @HttpCode(HttpStatus.OK)
    @Authenticated()
    add(@Body(new ZodValidationPipe(COMMENT_CREATE_SCHEMAS[kind])) body: CommentCreateRequest, @CurrentUser() user: SessionUser | null) {
      this.spam.limitLinks(user, body.content);
      return this.commandBus.execute(
        new AddCommentCommand(kind, actorOf(user), body.postId, body.parentId, body.content, body.attachedFiles),
      );
    }

    /** The author or an admin edits the content; the result is the updated comment. */
    @Put()
    @Authenticated()
    edit(@Body(new ZodValidationPipe(commentEditRequestSchema)) body: CommentEditRequest, @CurrentUser() user: SessionUser | null) {
      this.spam.limitLinks(user, body.content);
      return this.commandBus.execute(new EditCommentCommand(kind, actorOf(user), body.id, body.content));
    }

    /** Approves or unapproves a comment (admins). */
    @Put('Approve')
    @AdminOnly()
    approve(@Body(new ZodValidationPipe(ApproveRequest)) body: ApproveRequest, @CurrentUser() user: SessionUser | null) {
      return this.commandBus.execute(new ApproveCommentCommand(kind, actorOf(user), body.id, body.isApproved));
    }

    /** The author or an admin deletes the comment and its images. */
    @Delete(':id')
    @Authenticated()
    remove(@Param('id', numericId('Comment id')) id: number, @CurrentUser() user: SessionUser | null) {
      return this.commandBus.execute(new DeleteCommentCommand(kind, actorOf(user), id));
    }

    @Get(':id')
    get(@Param('id', numericId('Comment id')) id: number, @CurrentUser() user: SessionUser | null) {
      return this.queryBus.execute(new GetCommentQuery(kind, id, viewerOf(user)));
    }
  }
  Object.defineProperty(CommentController, 'name', { value: `${route}Controller` });
  return CommentController;
}

/** GET /api/{Article|Question}/Comments/{postId}/{lastFetchedId}/{pageSize}/{oldestFirst}, and the count of them. */
function postCommentsController(kind: PostKind): Type {
  const { postRoute } = COMMENT_ROUTES[kind];

  @ApiTags(postRoute)
  @Controller(postRoute)
  class PostCommentsController {
    constructor(readonly queryBus: QueryBus) {}

    @Get('Comments/:postId/:lastFetchedId/:pageSize/:oldestFirst')
    @PublicRead({
      anonymous: (params) => {
        const page = commentPageParamsSchema.safeParse(params);
        return page.success ? [page.data, null] : null;
      },
      readModels: ([page]) => [
        { collection: POST_VIEW_COLLECTION, id: POST_KINDS[kind].streamName(page.postId) },
        { collection: COMMENTS_COLLECTION },
        { collection: ACCOUNTS_COLLECTION },
        { collection: PROFILES_COLLECTION },
      ],
      maxEntries: 2000,
    })
    list(@Param(new ZodValidationPipe(commentPageParamsSchema)) page: CommentPageParams, @CurrentUser() user: SessionUser | null) {
      return this.queryBus.execute(new ListCommentsQuery(kind, page, viewerOf(user)));
    }

    /** How many comments the reader sees on the post, replies included (the grid's heading). */
    @Get('CommentCount/:postId')
    @PublicRead({
      anonymous: (params) => (/^[1-9][0-9]{0,15}$/.test(params.postId ?? '') ? [Number(params.postId), null] : null),
      readModels: ([postId]) => [
        { collection: POST_VIEW_COLLECTION, id: POST_KINDS[kind].streamName(postId) },
        { collection: COMMENTS_COLLECTION },
      ],
      maxEntries: 2000,
    })
    count(@Param('postId', numericId('Post id')) postId: number, @CurrentUser() user: SessionUser | null) {
      return this.queryBus.execute(new CountCommentsQuery(kind, postId, viewerOf(user)));
    }
  }
  Object.defineProperty(PostCommentsController, 'name', { value: `${postRoute}CommentsController` });
  return PostCommentsController;
}

export const COMMENT_CONTROLLERS: Type[] = (['article', 'question'] as const).flatMap((kind) => [
  commentController(kind),
  postCommentsController(kind),
]);
