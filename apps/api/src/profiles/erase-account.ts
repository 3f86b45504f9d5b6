import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { accountDecider, accountStreamName, OPERATOR_ACTOR, profileDecider, profileStreamName } from '@app/domain';
import { decideAndAppend, type EventStore } from '@app/event-store';
import type { PersonalDataVault } from '@app/personal-data';
import { withRequestCorrelation } from '../http/request-id';

export interface EraseDependencies {
  eventStore: EventStore;
  vault: PersonalDataVault;
  dataDir: string;
}

/**
 * Crypto-shredding, shared by DELETE /api/User/ and the operator's `erase-user`: records the erase
 * on the profile and the account, then deletes the user's key, so their sealed events stay in the
 * log but open to nothing, now and in every rebuild. The embedded mail folder keeps sent mail as
 * .eml files: those addressed to the erased e-mail go too. Returns the log position to settle on.
 */
export async function eraseAccount(
  { eventStore, vault, dataDir }: EraseDependencies,
  accountId: string,
  email: string,
  byOperator: boolean,
  now: Date,
): Promise<bigint | null> {
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
  await vault.shred(accountId);
  await forgetMailTo(join(dataDir, 'mail'), email);
  return position;
}

async function forgetMailTo(folder: string, email: string): Promise<void> {
  const names = await readdir(folder).catch(() => [] as string[]);
  const address = email.toLowerCase();
  for (const name of names.filter((file) => file.endsWith('.eml'))) {
    const path = join(folder, name);
    const text = await readFile(path, 'utf8').catch(() => '');
    if (text.toLowerCase().includes(address)) await rm(path, { force: true });
  }
}
