import { Body, Controller, HttpCode, HttpStatus, Post, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ArticleSaveRequest } from '@app/contracts';
import { Authenticated, CurrentUser } from '../../auth/auth.decorators';
import type { SessionUser } from '../../auth/session-user';
import { ZodValidationPipe } from '../../http/zod-validation.pipe';
import { requirePostId } from '../post-request';
import { actorOf } from '../../auth/session-actor';
import { articleFieldsOf } from './article-request';
import { DraftArticleCommand } from './draft-article.command';
import { EditArticleCommand } from './edit-article.command';

/** SPEC §7: creating and saving articles (the calls both kinds share are in post.controller.ts). */
@ApiTags('Article')
@ApiBearerAuth()
@Controller('Article')
export class ArticleSaveController {
  constructor(private readonly commandBus: CommandBus) {}

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
}
