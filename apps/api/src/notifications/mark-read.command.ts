import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { MarkNotificationsReadRequest } from '@app/contracts';
import { notificationsDecider, notificationsStreamName, type Actor } from '@app/domain';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import { NotificationInbox } from './notification-inbox';

/** Marks the listed notifications, or all up to the newest the reader has now, read; answers `{ count }` unread left. */
export class MarkNotificationsReadCommand extends Command<{ marked: boolean }> {
  constructor(
    readonly actor: Actor,
    readonly request: MarkNotificationsReadRequest,
  ) {
    super();
  }
}

@CommandHandler(MarkNotificationsReadCommand)
export class MarkNotificationsReadHandler implements ICommandHandler<MarkNotificationsReadCommand, { marked: boolean }> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly inbox: NotificationInbox,
  ) {}

  async execute({ actor, request }: MarkNotificationsReadCommand): Promise<{ marked: boolean }> {
    const { accountId } = actor;
    // 'All' means what the reader has been shown up to now, not what arrives while the mark travels.
    const newest = 'all' in request ? await this.inbox.newestSeq(actor) : 0;
    const { position } = await this.commands.execute(
      notificationsStreamName(accountId),
      notificationsDecider,
      { type: 'MarkNotificationsRead', accountId, ids: 'ids' in request ? request.ids : [], upTo: newest > 0 ? newest : null },
      { actor: accountId, settle: ['notifications'] },
    );
    return { marked: position !== null };
  }
}
