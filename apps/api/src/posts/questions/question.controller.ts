import { Body, Controller, HttpCode, HttpStatus, Post, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { QuestionSaveRequest } from '@app/contracts';
import { Authenticated, CurrentUser } from '../../auth/auth.decorators';
import type { SessionUser } from '../../auth/session-user';
import { ZodValidationPipe } from '../../http/zod-validation.pipe';
import { requirePostId } from '../post-request';
import { actorOf } from '../../auth/session-actor';
import { AskQuestionCommand } from './ask-question.command';
import { EditQuestionCommand } from './edit-question.command';
import { questionFieldsOf } from './question-request';

/** SPEC §7: asking and saving questions (the calls both kinds share are in post.controller.ts). */
@ApiTags('Question')
@ApiBearerAuth()
@Controller('Question')
export class QuestionSaveController {
  constructor(private readonly commandBus: CommandBus) {}

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
}
