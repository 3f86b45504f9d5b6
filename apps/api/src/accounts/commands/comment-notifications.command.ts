import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AppConfig } from '@app/config';
import { accountDecider, accountStreamName, INVALID_LINK, isValidUnsubscribeLink, validationError } from '@app/domain';
import { EventSourcedCommands } from '../../infrastructure/event-sourced-commands';
import { APP_CONFIG, CLOCK, type Clock } from '../../infrastructure/tokens';

/**
 * Turns comment notifications on or off. From a notification's unsubscribe link (`hash` given, no
 * login: the signed link names the account) or from the logged-in user (`hash` null).
 */
export class SetCommentNotificationsCommand extends Command<true> {
  constructor(
    readonly accountId: string,
    readonly enabled: boolean,
    readonly hash: string | null,
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

  async execute({ accountId, enabled, hash }: SetCommentNotificationsCommand): Promise<true> {
    if (hash !== null && !isValidUnsubscribeLink(accountId, hash, this.config.credentialLinkSecret)) throw validationError(INVALID_LINK);
    await this.commands.execute(
      accountStreamName(accountId),
      accountDecider,
      { type: 'SetCommentNotifications', accountId, enabled, now: this.clock() },
      { actor: accountId },
    );
    return true;
  }
}
