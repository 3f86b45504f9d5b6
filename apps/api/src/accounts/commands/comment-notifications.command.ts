import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AppConfig } from '@app/config';
import {
  accountDecider,
  accountStreamName,
  INVALID_LINK,
  isValidUnsubscribeLink,
  validationError,
  type AccountCommand,
  type NotificationKind,
} from '@app/domain';
import { EventSourcedCommands } from '../../infrastructure/event-sourced-commands';
import { APP_CONFIG, CLOCK, type Clock } from '../../infrastructure/tokens';

/**
 * Turns e-mails of one notification kind on or off (`kind` null: the old switch, comments and
 * replies together). From a notification's unsubscribe link (`hash` given, no login: the signed
 * link names the account and the kind) or from the logged-in user (`hash` null).
 */
export class SetCommentNotificationsCommand extends Command<true> {
  constructor(
    readonly accountId: string,
    readonly enabled: boolean,
    readonly hash: string | null,
    readonly kind: NotificationKind | null = null,
  ) {
    super();
  }
}

@CommandHandler(SetCommentNotificationsCommand)
export class SetCommentNotificationsHandler implements ICommandHandler<SetCommentNotificationsCommand, true> {
  constructor(
    private readonly commands: EventSourcedCommands,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ accountId, enabled, hash, kind }: SetCommentNotificationsCommand): Promise<true> {
    if (hash !== null && !isValidUnsubscribeLink(accountId, hash, this.config.credentialLinkSecret, kind))
      throw validationError(INVALID_LINK);
    const now = this.clock();
    const command: AccountCommand =
      kind === null
        ? { type: 'SetCommentNotifications', accountId, enabled, now }
        : { type: 'SetEmailPreference', accountId, kind, enabled, now };
    await this.commands.execute(accountStreamName(accountId), accountDecider, command, { actor: accountId });
    return true;
  }
}
