import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AccountPersonalData, AccountRegistered } from '@app/domain';
import type { RecordedEvent } from '@app/event-store';
import { PersonalDataVault, SqliteKeyStore } from '@app/personal-data';
import { applyEvents, recordedEvent, useTemporaryReadStore } from '@app/testing';
import { ACCOUNTS_COLLECTION, accountsProjection, ERASED_USER_NAME, type AccountDocument } from './accounts.projection';

const accountId = '5b0c7f0e-1d2a-4c3b-8e4f-6a7b8c9d0e1f';
const personal: AccountPersonalData = { email: 'ada@example.com', name: 'Ada Lovelace', userName: 'ada-lovelace', passwordHash: 'hash' };

describe('accounts projection', () => {
  const readStore = useTemporaryReadStore();
  let dataDir: string;
  let keys: SqliteKeyStore;
  let vault: PersonalDataVault;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'accounts-projection-keys-'));
    keys = SqliteKeyStore.open(dataDir);
    vault = new PersonalDataVault(keys);
  });
  afterEach(async () => {
    await keys.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const registered = async (): Promise<RecordedEvent> => {
    const data: AccountRegistered['data'] = {
      accountId,
      sealed: await vault.seal(accountId, personal),
      emailLookup: 'e-hash',
      userNameLookup: 'u-hash',
      roleId: 1,
      credentialVersion: 1,
      registeredAt: '2026-01-01T00:00:00.000Z',
    };
    return recordedEvent(`account-${accountId}`, 'AccountRegistered', data, { actor: accountId });
  };
  const apply = (...events: RecordedEvent[]) => applyEvents(readStore(), accountsProjection(vault), ...events);
  const accountDocument = () => readStore().get<AccountDocument>(ACCOUNTS_COLLECTION, accountId);

  it('keys the account by its opaque id and opens the user name and name from the sealed data', async () => {
    await apply(
      await registered(),
      recordedEvent(`account-${accountId}`, 'EmailConfirmed', { at: '2026-01-01T00:05:00.000Z' }),
      recordedEvent(`account-${accountId}`, 'RoleGranted', { roleId: 2, at: '2026-01-01T00:06:00.000Z' }),
    );
    expect(await accountDocument()).toEqual({
      id: accountId,
      userName: 'ada-lovelace',
      name: 'Ada Lovelace',
      roleId: 2,
      emailConfirmed: true,
    });
    expect(await readStore().find<AccountDocument>(ACCOUNTS_COLLECTION, { userName: 'ada-lovelace' })).toHaveLength(1);
  });

  it('shows an account whose key was shredded as erased, with no user name', async () => {
    const event = await registered();
    await keys.deleteKey(accountId);
    await apply(event);
    expect(await accountDocument()).toEqual({ id: accountId, userName: null, name: ERASED_USER_NAME, roleId: 1, emailConfirmed: false });
  });
});
