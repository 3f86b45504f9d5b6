import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ApproveRequest, QuestionSaveRequest } from '@app/contracts';
import { AdminOnly, Authenticated, CurrentUser } from '../../auth/auth.decorators';
import type { SessionUser } from '../../auth/session-user';
import { ZodValidationPipe } from '../../http/zod-validation.pipe';
import { numericId } from '../../reference-data/numeric-id.pipe';
import { ApprovePostCommand } from '../approve-post.command';
import { DeletePostCommand } from '../delete-post.command';
import { requirePostId } from '../post-request';
import { actorOf, viewerOf } from '../session-actor';
import { AskQuestionCommand } from './ask-question.command';
import { EditQuestionCommand } from './edit-question.command';
import { GetQuestionQuery } from './get-question.query';
import { questionFieldsOf } from './question-request';

/** SPEC §7 'Articles and questions', the question half. */
@ApiTags('Question')
@ApiBearerAuth()
@Controller('Question')
export class QuestionController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  /** The question record; unapproved questions only for their author and admins. */
  @Get(':id')
  get(@Param('id', numericId('Question id')) id: number, @CurrentUser() user: SessionUser | null) {
    return this.queryBus.execute(new GetQuestionQuery(id, viewerOf(user)));
  }

  /** Asks the question; the result is its new id. */
  @Post()
  @HttpCode(HttpStatus.OK)
  @Authenticated()
  create(@Body(new ZodValidationPipe(QuestionSaveRequest)) body: QuestionSaveRequest, @CurrentUser() user: SessionUser | null) {
    return this.commandBus.execute(new AskQuestionCommand(actorOf(user), questionFieldsOf(body), body.defaultImageId));
  }

  /** Saves edits (owner or admin). */
  @Put()
  @Authenticated()
  update(@Body(new ZodValidationPipe(QuestionSaveRequest)) body: QuestionSaveRequest, @CurrentUser() user: SessionUser | null) {
    const id = requirePostId(body);
    return this.commandBus.execute(new EditQuestionCommand(actorOf(user), id, questionFieldsOf(body), body.defaultImageId));
  }

  /** Approves or unapproves any question (admins). */
  @Put('Approve')
  @AdminOnly()
  approve(@Body(new ZodValidationPipe(ApproveRequest)) body: ApproveRequest, @CurrentUser() user: SessionUser | null) {
    return this.commandBus.execute(new ApprovePostCommand('question', actorOf(user), body.id, body.isApproved));
  }

  /** Deletes the question (owner or admin); it is then 404 for everyone. */
  @Delete(':id')
  @Authenticated()
  remove(@Param('id', numericId('Question id')) id: number, @CurrentUser() user: SessionUser | null) {
    return this.commandBus.execute(new DeletePostCommand('question', actorOf(user), id));
  }
}
