import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { CommentNotificationsSetting, EmailPreferences } from '@app/contracts';
import { accountDecider, accountRecordOf, accountStreamName, DEFAULT_EMAIL_PREFERENCES } from '@app/domain';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';

export class GetEmailPreferencesQuery extends Query<EmailPreferences> {
  constructor(readonly accountId: string) {
    super();
  }
}

/** Which kinds the caller gets e-mails of, as their account stream says (the Settings tab shows it). */
@QueryHandler(GetEmailPreferencesQuery)
export class GetEmailPreferencesHandler implements IQueryHandler<GetEmailPreferencesQuery, EmailPreferences> {
  constructor(private readonly commands: EventSourcedCommands) {}

  async execute({ accountId }: GetEmailPreferencesQuery): Promise<EmailPreferences> {
    const { state } = await this.commands.load(accountStreamName(accountId), accountDecider);
    return { ...(accountRecordOf(state)?.emailPreferences ?? DEFAULT_EMAIL_PREFERENCES) };
  }
}

/** The old switch: on while comments and replies are both mailed. */
export const commentNotificationsOf = (preferences: EmailPreferences): CommentNotificationsSetting => ({
  enabled: preferences.comment && preferences.reply,
});
