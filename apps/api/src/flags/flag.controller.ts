import { Body, Controller, Get, HttpCode, HttpStatus, Post, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { FLAG_MESSAGES, FLAG_QUEUE_STATUSES, FlagRequest, ResolveFlagsRequest, type FlagQueueStatus } from '@app/contracts';
import { validationError } from '@app/domain';
import { AdminOnly, Authenticated, CurrentUser } from '../auth/auth.decorators';
import { actorOf } from '../auth/session-actor';
import { RequiresConfirmedEmail } from '../auth/spam-defaults';
import type { SessionUser } from '../auth/session-user';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { FlagItemCommand } from './flag-item.command';
import { ListFlagsQuery } from './list-flags.query';
import { ResolveFlagsCommand } from './resolve-flags.command';

/** Issue 27: POST /api/Flag (any reader, once per item). */
@ApiTags('Flag')
@ApiBearerAuth()
@Controller('Flag')
export class FlagController {
  constructor(private readonly commandBus: CommandBus) {}

  /** Flags a post or comment (entityType 1-4) with a reason and an optional note. */
  @Post()
  @HttpCode(HttpStatus.OK)
  @Authenticated()
  @RequiresConfirmedEmail()
  flag(@Body(new ZodValidationPipe(FlagRequest)) body: FlagRequest, @CurrentUser() user: SessionUser | null) {
    return this.commandBus.execute(new FlagItemCommand(actorOf(user), body));
  }
}

/** Issue 27: the review queue, for admins. */
@ApiTags('Moderation')
@ApiBearerAuth()
@Controller('Moderation/Flags')
export class FlagReviewController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  /** Flagged items with their counts, reasons, notes and a link; `status` open (default) or resolved. */
  @Get()
  @AdminOnly()
  list(@Query('status') status: unknown) {
    const chosen = status === undefined || status === '' ? 'open' : status;
    if (!FLAG_QUEUE_STATUSES.includes(chosen as FlagQueueStatus)) throw validationError(FLAG_MESSAGES.statusInvalid);
    return this.queryBus.execute(new ListFlagsQuery(chosen as FlagQueueStatus));
  }

  /** Dismisses the open flags (what they hid shows again), or hides or deletes the item. */
  @Put('Resolve')
  @AdminOnly()
  resolve(@Body(new ZodValidationPipe(ResolveFlagsRequest)) body: ResolveFlagsRequest, @CurrentUser() user: SessionUser | null) {
    return this.commandBus.execute(new ResolveFlagsCommand(actorOf(user), body));
  }
}
