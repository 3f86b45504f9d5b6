import { Module } from '@nestjs/common';
import { MarkNotificationsReadHandler } from './mark-read.command';
import { NotificationController } from './notification.controller';
import { NotificationInbox } from './notification-inbox';
import { NotificationStream } from './notification-stream';
import { PostNotices } from './post-notices';
import { StreamTickets } from './stream-tickets';

/** The notifications inbox: a projection of the log, read with names and visibility of now. */
@Module({
  controllers: [NotificationController],
  providers: [NotificationInbox, PostNotices, MarkNotificationsReadHandler, StreamTickets, NotificationStream],
})
export class NotificationsModule {}
