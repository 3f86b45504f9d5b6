import { RoleId } from '@app/contracts';
import {
  accountIdOfProfileStream,
  accountIdOfStream,
  type AccountEvent,
  type AccountPersonalData,
  type AccountRegistered,
  type ProfileBasicInfoChanged,
  type ProfilePersonalData,
  type SessionRevoked,
} from '@app/domain';
import type { RecordedEvent } from '@app/event-store';
import type { PersonalDataVault } from '@app/personal-data';
import type { ReadStoreTransaction } from '@app/read-store';
import { OpenedPersonalData } from '../opened-personal-data';
import type { Projection } from '../projection';

export const ACCOUNTS_COLLECTION = 'accounts';

/** Shown for a user whose personal data was erased (their key is shredded). */
export const ERASED_USER_NAME = 'Deleted user';

/**
 * Who a user is to the rest of the site, keyed by the opaque account id: handle, display name and
 * current role. No e-mail, no password. `userName` is null once the account is erased.
 */
export interface AccountDocument {
  id: string;
  userName: string | null;
  name: string;
  roleId: number;
  emailConfirmed: boolean;
  /** Session tokens signed over another version are refused (a password reset, role change or 'log out everywhere' moved it). */
  credentialVersion: number;
  /**
   * Sessions ended one by one (Settings), by id, with when each would have ended anyway: the guard,
   * which reads this document on every request, refuses their tokens. Entries past their end are dropped.
   */
  revokedSessions?: Record<string, string>;
  /** ISO instant of signup (issue 27: new accounts' link limit); absent in documents of version 5. */
  registeredAt?: string;
  /**
   * The latest suspension not lifted (issue 27); the guard refuses every token of the account while
   * it holds (`until` null, or after now), so it reaches every API process as revocation does.
   */
  suspension?: { until: string | null; reason: string } | null;
  [field: string]: unknown;
}

const HANDLED: (AccountEvent | ProfileBasicInfoChanged | SessionRevoked)['type'][] = [
  'AccountRegistered',
  'EmailConfirmed',
  'RoleGranted',
  'RoleRevoked',
  'PasswordChanged',
  'SessionsRevoked',
  'AccountErased',
  // The display name is edited on the profile.
  'ProfileBasicInfoChanged',
  'SessionRevoked',
  'AccountSuspended',
  'AccountUnsuspended',
];

/**
 * Accounts as the session guard and every author name read them. The user name and display name
 * are opened from the sealed personal data, with the keys `prefetch` read before the batch: once
 * a user's key is shredded, a rebuild shows them as erased.
 */
export function accountsProjection(vault: PersonalDataVault): Projection {
  return {
    name: 'accounts',
    version: 6,
    collections: [ACCOUNTS_COLLECTION],
    handles: HANDLED,
    // Profiles and `/api/User/{userName}` find people by handle.
    indexes: { [ACCOUNTS_COLLECTION]: [['userName']] },
    prefetch: (events) =>
      OpenedPersonalData.of(
        vault,
        events.map(sealedFor).filter((id): id is string => id !== null),
      ),
    async apply(recorded: RecordedEvent, tx: ReadStoreTransaction, opened: OpenedPersonalData) {
      if (recorded.type === 'ProfileBasicInfoChanged') {
        const profileOwner = accountIdOfProfileStream(recorded.streamName);
        const account = profileOwner && (await tx.get<AccountDocument>(ACCOUNTS_COLLECTION, profileOwner));
        if (!account || account.userName === null) return;
        const personal = opened.open<ProfilePersonalData>(account.id, (recorded.data as ProfileBasicInfoChanged['data']).sealed);
        return personal ? tx.upsert(ACCOUNTS_COLLECTION, { ...account, name: personal.name }) : undefined;
      }
      if (recorded.type === 'SessionRevoked') return revokeSession(tx, recorded.data as SessionRevoked['data']);
      const event = { type: recorded.type, data: recorded.data } as AccountEvent;
      const accountId = accountIdOfStream(recorded.streamName);
      if (event.type === 'AccountRegistered') {
        const personal = opened.open<AccountPersonalData>(event.data.accountId, event.data.sealed);
        return tx.upsert<AccountDocument>(ACCOUNTS_COLLECTION, {
          id: event.data.accountId,
          userName: personal?.userName ?? null,
          name: personal?.name ?? ERASED_USER_NAME,
          roleId: event.data.roleId,
          emailConfirmed: false,
          credentialVersion: event.data.credentialVersion,
          registeredAt: event.data.registeredAt,
        });
      }
      const account = await tx.get<AccountDocument>(ACCOUNTS_COLLECTION, accountId);
      if (!account) return;
      switch (event.type) {
        case 'EmailConfirmed':
          return tx.upsert(ACCOUNTS_COLLECTION, { ...account, emailConfirmed: true });
        case 'RoleGranted':
          return tx.upsert(ACCOUNTS_COLLECTION, { ...account, roleId: event.data.roleId });
        case 'RoleRevoked':
          return tx.upsert(ACCOUNTS_COLLECTION, { ...account, roleId: RoleId.User });
        case 'PasswordChanged':
        case 'SessionsRevoked':
          return tx.upsert(ACCOUNTS_COLLECTION, { ...account, credentialVersion: event.data.credentialVersion });
        case 'AccountErased':
          return tx.upsert(ACCOUNTS_COLLECTION, { ...account, userName: null, name: ERASED_USER_NAME });
        case 'AccountSuspended':
          return tx.upsert(ACCOUNTS_COLLECTION, { ...account, suspension: { until: event.data.until, reason: event.data.reason } });
        case 'AccountUnsuspended':
          return tx.upsert(ACCOUNTS_COLLECTION, { ...account, suspension: null });
      }
    },
  };
}

async function revokeSession(tx: ReadStoreTransaction, { accountId, sessionId, expiresAt, at }: SessionRevoked['data']): Promise<void> {
  const account = await tx.get<AccountDocument>(ACCOUNTS_COLLECTION, accountId);
  if (!account) return;
  const live = Object.entries(account.revokedSessions ?? {}).filter(([, end]) => end > at);
  await tx.upsert(ACCOUNTS_COLLECTION, { ...account, revokedSessions: Object.fromEntries([...live, [sessionId, expiresAt]]) });
}

/** Whose key opens what the event carries sealed, if anything. */
function sealedFor(recorded: RecordedEvent): string | null {
  if (recorded.type === 'AccountRegistered') return (recorded.data as AccountRegistered['data']).accountId;
  if (recorded.type === 'ProfileBasicInfoChanged') return accountIdOfProfileStream(recorded.streamName);
  return null;
}
