import { join } from 'node:path';
import { accountDecider, accountStreamName, OPERATOR_ACTOR, profileDecider, profileStreamName } from '@app/domain';
import { decideAndAppend, type EventStore } from '@app/event-store';
import { forgetMailOf } from '@app/mail';
import { PersonalDataVault } from '@app/personal-data';
import type { AppConfig } from '@app/config';
import { APP_CONFIG, EVENT_STORE } from '../infrastructure/tokens';
import { withRequestCorrelation } from '../http/request-id';

export interface EraseDependencies {
  eventStore: EventStore;
  vault: PersonalDataVault;
  dataDir: string;
}

/** The API's EraseDependencies (the operator's CLI builds its own). */
export const ERASURE = Symbol('Erasure');
export const erasureProvider = {
  provide: ERASURE,
  inject: [EVENT_STORE, PersonalDataVault, APP_CONFIG],
  useFactory: (eventStore: EventStore, vault: PersonalDataVault, config: AppConfig): EraseDependencies => ({
    eventStore,
    vault,
    dataDir: config.dataDir,
  }),
};

/**
 * Crypto-shredding, shared by DELETE /api/User/ and the operator's `erase-user`: records the erase
 * on the profile and the account, then deletes the user's key, so their sealed events stay in the
 * log but open to nothing, now and in every rebuild; the key store records it in the erasure
 * ledger, which every restore re-applies. The embedded mail folder keeps sent mail as .eml files:
 * those to the erased person or naming them go too. Returns the log position to settle on.
 */
export async function eraseAccount(
  { eventStore, vault, dataDir }: EraseDependencies,
  accountId: string,
  email: string,
  byOperator: boolean,
  now: Date,
): Promise<bigint | null> {
  const position = await recordErasure(eventStore, accountId, byOperator, now);
  await vault.shred(accountId);
  await forgetMailOf(join(dataDir, 'mail'), { accountId, email });
  return position;
}

/**
 * The erasure as the log records it, on the profile and the account; a second call appends
 * nothing. A restore re-applies the erasure ledger with it (the person's key is gone already):
 * the restored log then says what the ledger says, the e-mail and user name are free again, and
 * the projections clear what they hold of the person.
 */
export async function recordErasure(eventStore: EventStore, accountId: string, byOperator: boolean, now: Date): Promise<bigint | null> {
  const context = withRequestCorrelation({ actor: byOperator ? OPERATOR_ACTOR : accountId, clock: () => now });
  await decideAndAppend(
    eventStore,
    profileStreamName(accountId),
    profileDecider,
    { type: 'EraseProfile', accountId, actor: byOperator ? OPERATOR_ACTOR : { accountId }, now },
    context,
  );
  const { position } = await decideAndAppend(
    eventStore,
    accountStreamName(accountId),
    accountDecider,
    { type: 'EraseAccount', accountId, now },
    context,
  );
  return position;
}
