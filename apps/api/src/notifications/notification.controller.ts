import { Body, Controller, Get, Header, Put, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  keysetPageQuerySchema,
  markNotificationsReadSchema,
  type KeysetPageQuery,
  type MarkNotificationsReadRequest,
} from '@app/contracts';
import { Authenticated, CurrentUser } from '../auth/auth.decorators';
import type { SessionUser } from '../auth/session-user';
import { actorOf } from '../auth/session-actor';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { MarkNotificationsReadCommand } from './mark-read.command';
import { NotificationInbox } from './notification-inbox';

/** The notifications inbox (issue 26). */
@ApiTags('Notification')
@ApiBearerAuth()
@Controller('Notification')
export class NotificationController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly inbox: NotificationInbox,
  ) {}

  /** Newest first, keyset-paged by `seq`. */
  @Get()
  @Header('Cache-Control', 'private, no-store')
  @Authenticated()
  list(@Query(new ZodValidationPipe(keysetPageQuerySchema)) page: KeysetPageQuery, @CurrentUser() user: SessionUser | null) {
    return this.inbox.page(actorOf(user), page);
  }

  @Get('UnreadCount')
  @Header('Cache-Control', 'private, no-store')
  @Authenticated()
  async unreadCount(@CurrentUser() user: SessionUser | null) {
    return { count: await this.inbox.unreadCount(actorOf(user)) };
  }

  @Put('Read')
  @Authenticated()
  read(
    @Body(new ZodValidationPipe(markNotificationsReadSchema)) body: MarkNotificationsReadRequest,
    @CurrentUser() user: SessionUser | null,
  ) {
    return this.commandBus.execute(new MarkNotificationsReadCommand(actorOf(user), body));
  }
}
