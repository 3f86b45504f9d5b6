import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { MarkNotificationsReadRequest } from '@app/contracts';
import { notificationsDecider, notificationsStreamName, type Actor } from '@app/domain';
import type { ReadStore } from '@app/read-store';
import { NOTIFICATIONS_COLLECTION, type NotificationDocument } from '@app/projections';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import { READ_STORE } from '../infrastructure/tokens';

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
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  async execute({ actor, request }: MarkNotificationsReadCommand): Promise<{ marked: boolean }> {
    const { accountId } = actor;
    // 'All' means what the reader has been shown up to now, not what arrives while the mark travels.
    const [newest] =
      'all' in request
        ? await this.readStore.find<NotificationDocument>(
            NOTIFICATIONS_COLLECTION,
            { recipientId: accountId },
            { sort: [['seq', -1]], limit: 1 },
          )
        : [];
    const { position } = await this.commands.execute(
      notificationsStreamName(accountId),
      notificationsDecider,
      { type: 'MarkNotificationsRead', accountId, ids: 'ids' in request ? request.ids : [], upTo: newest?.seq ?? null },
      { actor: accountId, settle: ['notifications'] },
    );
    return { marked: position !== null };
  }
}
