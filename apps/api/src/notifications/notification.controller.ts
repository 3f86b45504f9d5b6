import { Body, Controller, Get, Header, Headers, HttpCode, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { unauthorized } from '@app/domain';
import {
  keysetPageQuerySchema,
  markNotificationsReadSchema,
  type KeysetPageQuery,
  type MarkNotificationsReadRequest,
} from '@app/contracts';
import { Authenticated, CurrentUser, ReadsOnly } from '../auth/auth.decorators';
import type { SessionUser } from '../auth/session-user';
import { actorOf } from '../auth/session-actor';
import type { Response } from 'express';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { MarkNotificationsReadCommand } from './mark-read.command';
import { keysetPageAndReader, PAGES_KEPT, ReaderRead } from '../reader-reads/reader-read.decorator';
import { INBOX_READ_MODELS, NotificationInbox } from './notification-inbox';
import { NotificationStream } from './notification-stream';
import { StreamTickets } from './stream-tickets';

/** The notifications inbox (issue 26). */
@ApiTags('Notification')
@ApiBearerAuth()
@Controller('Notification')
export class NotificationController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly inbox: NotificationInbox,
    private readonly tickets: StreamTickets,
    private readonly stream: NotificationStream,
  ) {}

  /** A 60-second ticket for `Stream` (EventSource sends no Authorization header). */
  @Post('StreamTicket')
  @HttpCode(200)
  @Header('Cache-Control', 'private, no-store')
  @Authenticated()
  @ReadsOnly() // a ticket only opens the reader's own stream
  streamTicket(@CurrentUser() user: SessionUser | null) {
    return { ticket: this.tickets.issue(actorOf(user)) };
  }

  /** Server-sent events: `unread` counts and new `notification`s; resumes after `Last-Event-ID`. */
  @Get('Stream')
  async open(
    @Query('ticket') ticket: string | undefined,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Res() response: Response,
  ): Promise<void> {
    const reader = typeof ticket === 'string' ? this.tickets.verify(ticket) : null;
    if (!reader) throw unauthorized();
    const lastSeq = lastEventId !== undefined && /^\d{1,15}$/.test(lastEventId) ? Number(lastEventId) : null;
    await this.stream.open(reader, response, lastSeq);
  }

  /** Newest first, keyset-paged by `seq`. */
  @Get()
  @Header('Cache-Control', 'private, no-store')
  @Authenticated()
  @ReaderRead({ args: keysetPageAndReader, readModels: INBOX_READ_MODELS, maxEntries: PAGES_KEPT })
  list(@Query(new ZodValidationPipe(keysetPageQuerySchema)) page: KeysetPageQuery, @CurrentUser() user: SessionUser | null) {
    return this.inbox.page(actorOf(user), page);
  }

  @Get('UnreadCount')
  @Header('Cache-Control', 'private, no-store')
  @Authenticated()
  @ReaderRead({ args: ({ reader }) => [reader], readModels: INBOX_READ_MODELS, maxEntries: 5000 })
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
