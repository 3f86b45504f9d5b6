import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { CommentNotificationsSetting } from '@app/contracts';
import { accountDecider, accountRecordOf, accountStreamName } from '@app/domain';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';

export class GetCommentNotificationsQuery extends Query<CommentNotificationsSetting> {
  constructor(readonly accountId: string) {
    super();
  }
}

/** Whether the caller gets comment e-mails, as their account stream says (the Settings tab shows it). */
@QueryHandler(GetCommentNotificationsQuery)
export class GetCommentNotificationsHandler implements IQueryHandler<GetCommentNotificationsQuery, CommentNotificationsSetting> {
  constructor(private readonly commands: EventSourcedCommands) {}

  async execute({ accountId }: GetCommentNotificationsQuery): Promise<CommentNotificationsSetting> {
    const { state } = await this.commands.load(accountStreamName(accountId), accountDecider);
    return { enabled: accountRecordOf(state)?.commentNotifications ?? true };
  }
}
