import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ApproveRequest, ArticleSaveRequest } from '@app/contracts';
import { AdminOnly, Authenticated, CurrentUser } from '../../auth/auth.decorators';
import type { SessionUser } from '../../auth/session-user';
import { ZodValidationPipe } from '../../http/zod-validation.pipe';
import { numericId } from '../../reference-data/numeric-id.pipe';
import { ApprovePostCommand } from '../approve-post.command';
import { DeletePostCommand } from '../delete-post.command';
import { requirePostId } from '../post-request';
import { actorOf, viewerOf } from '../session-actor';
import { articleFieldsOf } from './article-request';
import { DraftArticleCommand } from './draft-article.command';
import { EditArticleCommand } from './edit-article.command';
import { GetArticleQuery } from './get-article.query';

/** SPEC §7 'Articles and questions', the article half. */
@ApiTags('Article')
@ApiBearerAuth()
@Controller('Article')
export class ArticleController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  /** The article record; drafts and unapproved articles only for their author and admins. */
  @Get(':id')
  get(@Param('id', numericId('Article id')) id: number, @CurrentUser() user: SessionUser | null) {
    return this.queryBus.execute(new GetArticleQuery(id, viewerOf(user)));
  }

  /** Creates the article (a draft unless isPublished); the result is its new id. */
  @Post()
  @HttpCode(HttpStatus.OK)
  @Authenticated()
  create(@Body(new ZodValidationPipe(ArticleSaveRequest)) body: ArticleSaveRequest, @CurrentUser() user: SessionUser | null) {
    return this.commandBus.execute(new DraftArticleCommand(actorOf(user), articleFieldsOf(body), body.isPublished, body.defaultImageId));
  }

  /** Saves edits, publishes or unpublishes (owner or admin). */
  @Put()
  @Authenticated()
  update(@Body(new ZodValidationPipe(ArticleSaveRequest)) body: ArticleSaveRequest, @CurrentUser() user: SessionUser | null) {
    const id = requirePostId(body);
    return this.commandBus.execute(new EditArticleCommand(actorOf(user), id, articleFieldsOf(body), body.isPublished, body.defaultImageId));
  }

  /** Approves or unapproves any article (admins). */
  @Put('Approve')
  @AdminOnly()
  approve(@Body(new ZodValidationPipe(ApproveRequest)) body: ApproveRequest, @CurrentUser() user: SessionUser | null) {
    return this.commandBus.execute(new ApprovePostCommand('article', actorOf(user), body.id, body.isApproved));
  }

  /** Deletes the article (owner or admin); it is then 404 for everyone. */
  @Delete(':id')
  @Authenticated()
  remove(@Param('id', numericId('Article id')) id: number, @CurrentUser() user: SessionUser | null) {
    return this.commandBus.execute(new DeletePostCommand('article', actorOf(user), id));
  }
}
