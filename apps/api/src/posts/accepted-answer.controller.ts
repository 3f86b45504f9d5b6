import { Body, Controller, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AcceptAnswerRequest } from '@app/contracts';
import { Authenticated, CurrentUser } from '../auth/auth.decorators';
import { actorOf } from '../auth/session-actor';
import type { SessionUser } from '../auth/session-user';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { AcceptAnswerCommand } from './accept-answer.command';

/** Issue 27: PUT /api/Question/AcceptAnswer (questions only: an article id is 'Question not found.'). */
@ApiTags('Question')
@ApiBearerAuth()
@Controller('Question')
export class AcceptedAnswerController {
  constructor(readonly commandBus: CommandBus) {}

  /** The question's author or an admin accepts a comment on it as its answer; `commentId: null` clears it. */
  @Put('AcceptAnswer')
  @Authenticated()
  accept(@Body(new ZodValidationPipe(AcceptAnswerRequest)) body: AcceptAnswerRequest, @CurrentUser() user: SessionUser | null) {
    return this.commandBus.execute(new AcceptAnswerCommand(actorOf(user), body.questionId, body.commentId));
  }
}
