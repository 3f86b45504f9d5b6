import { Inject } from '@nestjs/common';
import type { ExternalIdentityInfo } from '@app/contracts';
import { Command, CommandHandler, IQueryHandler, Query, QueryHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  accountDecider,
  accountRecordOf,
  accountStreamName,
  externalIdentityStreamName,
  signInMethodsOf,
  type ExternalIdentityLinked,
} from '@app/domain';
import type { EventStore } from '@app/event-store';
import { PersonalDataVault } from '@app/personal-data';
import { AccountDirectory } from '../accounts/account-directory';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import { CLOCK, EVENT_STORE, type Clock } from '../infrastructure/tokens';
import { releaseIdentity } from './external-sign-in.command';
import { ProviderClients } from './provider-clients';

export class ListExternalIdentitiesQuery extends Query<ExternalIdentityInfo[]> {
  constructor(readonly accountId: string) {
    super();
  }
}

/** The identities linked to the account, from its stream (labels opened with its key). */
@QueryHandler(ListExternalIdentitiesQuery)
export class ListExternalIdentitiesHandler implements IQueryHandler<ListExternalIdentitiesQuery, ExternalIdentityInfo[]> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly vault: PersonalDataVault,
    private readonly providers: ProviderClients,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  async execute({ accountId }: ListExternalIdentitiesQuery): Promise<ExternalIdentityInfo[]> {
    const { state } = await this.commands.load(accountStreamName(accountId), accountDecider);
    const account = accountRecordOf(state);
    if (!account) return [];
    const linked = Object.keys(account.externalIdentities);
    const canUnlink = signInMethodsOf(account) > 1;
    const events = (await this.eventStore.readStream(accountStreamName(accountId))).filter(
      (event) => event.type === 'ExternalIdentityLinked',
    ) as unknown as { data: ExternalIdentityLinked['data'] }[];
    const views: ExternalIdentityInfo[] = [];
    for (const subjectLookup of linked) {
      const event = events.findLast((candidate) => candidate.data.subjectLookup === subjectLookup);
      if (!event) continue;
      const label = await this.vault.open<{ label: string }>(accountId, event.data.sealedLabel);
      const provider = event.data.provider;
      views.push({
        id: subjectLookup,
        provider,
        providerName: this.providers.providers().find((candidate) => candidate.id === provider)?.name ?? provider,
        label: label?.label ?? '',
        linkedAt: event.data.at,
        canUnlink,
      });
    }
    return views;
  }
}

export class UnlinkExternalIdentityCommand extends Command<true> {
  constructor(
    readonly accountId: string,
    readonly subjectLookup: string,
  ) {
    super();
  }
}

/** Unlinks (the decider refuses the last way to sign in) and gives the identity's claim back, so it can be linked again. */
@CommandHandler(UnlinkExternalIdentityCommand)
export class UnlinkExternalIdentityHandler implements ICommandHandler<UnlinkExternalIdentityCommand, true> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly directory: AccountDirectory,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ accountId, subjectLookup }: UnlinkExternalIdentityCommand): Promise<true> {
    const now = this.clock();
    await this.commands.execute(
      accountStreamName(accountId),
      accountDecider,
      { type: 'UnlinkExternalIdentity', accountId, subjectLookup, now },
      { actor: accountId },
    );
    const claim = await this.directory.latestClaim(externalIdentityStreamName(subjectLookup));
    if (claim && claim.accountId === accountId && !claim.released)
      await releaseIdentity(this.commands, subjectLookup, accountId, claim.revision, now);
    return true;
  }
}
