import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { PasskeySummary } from '@app/contracts';
import { accountDecider, accountRecordOf, accountStreamName, signInMethodsOf } from '@app/domain';
import { PersonalDataVault } from '@app/personal-data';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';

export class ListPasskeysQuery extends Query<PasskeySummary[]> {
  constructor(readonly accountId: string) {
    super();
  }
}

/** The caller's passkeys from the account's stream (names opened with its key), oldest first. */
@QueryHandler(ListPasskeysQuery)
export class ListPasskeysHandler implements IQueryHandler<ListPasskeysQuery, PasskeySummary[]> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly vault: PersonalDataVault,
  ) {}

  async execute({ accountId }: { accountId: string }): Promise<PasskeySummary[]> {
    const { state } = await this.commands.load(accountStreamName(accountId), accountDecider);
    const account = accountRecordOf(state);
    if (!account || state.status !== 'registered') return [];
    const canRemove = signInMethodsOf(account) > 1;
    const passkeys = await Promise.all(
      Object.values(account.passkeys).map(async (passkey): Promise<PasskeySummary> => ({
        id: passkey.credentialId,
        name: (await this.vault.open<{ name: string }>(accountId, passkey.sealedName))?.name ?? '',
        createdAt: passkey.registeredAt,
        lastUsedAt: passkey.lastUsedAt,
        synced: passkey.deviceType === 'multiDevice' && passkey.backedUp,
        canRemove,
      })),
    );
    return passkeys.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }
}
