import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AccountEvent, AccountPersonalData, SessionRevoked } from '@app/domain';
import { PersonalDataVault, SealedDataTamperedError, SqliteKeyStore } from '@app/personal-data';
import { OpenedPersonalData } from '../opened-personal-data';
import { documentIs, documentsAre, on, projectionSpec, useTemporaryReadStore } from '@app/testing';
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

  const account = (event: AccountEvent) => on<AccountEvent>(`account-${accountId}`, event, { actor: accountId });
  const registered = async () =>
    account({
      type: 'AccountRegistered',
      data: {
        accountId,
        sealed: await vault.seal(accountId, personal),
        emailLookup: 'e-hash',
        userNameLookup: 'u-hash',
        roleId: 1,
        credentialVersion: 1,
        registeredAt: '2026-01-01T00:00:00.000Z',
      },
    });
  const spec = () => projectionSpec(accountsProjection(vault), readStore);
  const theAccount = { inCollection: ACCOUNTS_COLLECTION, withId: accountId };
  /** Ada's account document as `registered` leaves it, with the changes a test makes. */
  const theAccountIs = (changes: Partial<AccountDocument>) =>
    documentIs<AccountDocument>(
      {
        id: accountId,
        userName: 'ada-lovelace',
        name: 'Ada Lovelace',
        roleId: 1,
        emailConfirmed: false,
        credentialVersion: 1,
        registeredAt: '2026-01-01T00:00:00.000Z',
        ...changes,
      },
      theAccount,
    );

  it('keys the account by its opaque id and opens the user name and name from the sealed data', async () =>
    spec()
      .given([await registered()])
      .when(
        account({ type: 'EmailConfirmed', data: { at: '2026-01-01T00:05:00.000Z' } }),
        account({ type: 'RoleGranted', data: { roleId: 2, at: '2026-01-01T00:06:00.000Z' } }),
      )
      .then(theAccountIs({ roleId: 2, emailConfirmed: true }), async (store) =>
        expect(await store.find<AccountDocument>(ACCOUNTS_COLLECTION, { userName: 'ada-lovelace' })).toHaveLength(1),
      ));

  it('shows an account whose key was shredded as erased, with no user name', async () => {
    const event = await registered();
    await keys.deleteKey(accountId);
    await spec()
      .given([])
      .when(event)
      .then(
        documentsAre<AccountDocument>(
          [
            {
              id: accountId,
              userName: null,
              name: ERASED_USER_NAME,
              roleId: 1,
              emailConfirmed: false,
              credentialVersion: 1,
              registeredAt: '2026-01-01T00:00:00.000Z',
            },
          ],
          {
            inCollection: ACCOUNTS_COLLECTION,
          },
        ),
      );
  });

  it('follows the credential version that session tokens are checked against', async () =>
    spec()
      .given([await registered()])
      .when(
        account({
          type: 'PasswordChanged',
          data: {
            sealedPasswordHash: await vault.seal(accountId, { passwordHash: 'h' }),
            credentialVersion: 2,
            at: '2026-01-02T00:00:00.000Z',
          },
        }),
        account({ type: 'SessionsRevoked', data: { credentialVersion: 3, reason: 'logout-everywhere', at: '2026-01-03T00:00:00.000Z' } }),
      )
      .then(theAccountIs({ credentialVersion: 3 })));

  it('keeps the sessions ended one by one until they would have ended anyway', async () => {
    const revoked = (sessionId: string, expiresAt: string, at: string) =>
      on<SessionRevoked>(`session-${sessionId}`, { type: 'SessionRevoked', data: { sessionId, accountId, expiresAt, at } });
    await spec()
      .given([await registered()])
      .when(
        revoked('s1', '2026-01-02T00:00:00.000Z', '2026-01-01T12:00:00.000Z'),
        revoked('s2', '2026-02-01T00:00:00.000Z', '2026-01-01T13:00:00.000Z'),
        // A day later s1 is past its end: its entry goes.
        revoked('s3', '2026-02-02T00:00:00.000Z', '2026-01-02T13:00:00.000Z'),
      )
      .then(async (store) =>
        expect((await store.get<AccountDocument>(ACCOUNTS_COLLECTION, accountId))?.revokedSessions).toEqual({
          s2: '2026-02-01T00:00:00.000Z',
          s3: '2026-02-02T00:00:00.000Z',
        }),
      );
  });

  it('holds the suspension the guard checks, until it is lifted (issue 27)', async () =>
    spec()
      .given([await registered()])
      .when(
        account({ type: 'AccountSuspended', data: { until: '2026-02-01T00:00:00.000Z', reason: 'spam', at: '2026-01-02T00:00:00.000Z' } }),
        account({ type: 'SessionsRevoked', data: { credentialVersion: 2, reason: 'suspended', at: '2026-01-02T00:00:00.000Z' } }),
      )
      .then(theAccountIs({ credentialVersion: 2, suspension: { until: '2026-02-01T00:00:00.000Z', reason: 'spam' } })));

  it('forgets a lifted suspension', async () =>
    spec()
      .given([
        await registered(),
        account({ type: 'AccountSuspended', data: { until: null, reason: 'spam', at: '2026-01-02T00:00:00.000Z' } }),
      ])
      .when(account({ type: 'AccountUnsuspended', data: { at: '2026-01-03T00:00:00.000Z' } }))
      .then(async (store) => expect((await store.get<AccountDocument>(ACCOUNTS_COLLECTION, accountId))?.suspension).toBeNull()));

  describe('does no I/O inside its transaction', () => {
    it('reads the keys its batch needs in prefetch: a key-store outage fails there, before any transaction', async () => {
      const event = await registered();
      const down = new PersonalDataVault({
        getKey: () => Promise.reject(new Error('key store unavailable')),
        getOrCreateKey: () => Promise.reject(new Error('key store unavailable')),
        deleteKey: () => Promise.reject(new Error('key store unavailable')),
        close: () => Promise.resolve(),
      });
      const projection = accountsProjection(down);
      await expect(projection.prefetch!([event])).rejects.toThrow('key store unavailable');
      // The fold itself only opens what the prefetch read: given nothing, it names the missing key.
      await expect(readStore().transaction((tx) => projection.apply(event, tx, OpenedPersonalData.none))).rejects.toThrow(
        'was not prefetched',
      );
    });

    it('throws inside the fold (poison, parked) on a sealed value that was altered', async () => {
      const event = await registered();
      const sealed = (event.data as { sealed: { data: string } }).sealed;
      const altered = { ...event, data: { ...event.data, sealed: { ...sealed, data: Buffer.from('tampered').toString('base64') } } };
      const projection = accountsProjection(vault);
      const opened = await projection.prefetch!([altered]);
      await expect(readStore().transaction((tx) => projection.apply(altered, tx, opened))).rejects.toBeInstanceOf(SealedDataTamperedError);
    });
  });
});
