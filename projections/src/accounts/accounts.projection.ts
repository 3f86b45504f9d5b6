import { RoleId } from '@app/contracts';
import type { AccountEvent, AccountPersonalData } from '@app/domain';
import type { RecordedEvent } from '@app/event-store';
import type { PersonalDataVault } from '@app/personal-data';
import type { ReadStoreTransaction } from '@app/read-store';
import type { Projection } from '../projection';

export const ACCOUNTS_COLLECTION = 'accounts';

/** Shown for a user whose personal data was erased (their key is shredded). */
export const ERASED_USER_NAME = 'Deleted user';

/** Who a user is to the rest of the site: display name and current role. No e-mail, no password. */
export interface AccountDocument {
  id: string;
  userName: string;
  name: string;
  roleId: number;
  emailConfirmed: boolean;
  [field: string]: unknown;
}

const HANDLED: AccountEvent['type'][] = ['AccountRegistered', 'EmailConfirmed', 'RoleGranted', 'RoleRevoked'];

/**
 * Accounts as the session guard and every author name read them. The display name is opened
 * from the sealed personal data while projecting: once a user's key is shredded, a rebuild
 * shows them as erased.
 */
export function accountsProjection(vault: PersonalDataVault): Projection {
  return {
    name: 'accounts',
    version: 1,
    collections: [ACCOUNTS_COLLECTION],
    handles: HANDLED,
    async apply(recorded: RecordedEvent, tx: ReadStoreTransaction) {
      const event = { type: recorded.type, data: recorded.data } as AccountEvent;
      const userName = recorded.streamName.slice('account-'.length);
      if (event.type === 'AccountRegistered') {
        const personal = await vault.open<AccountPersonalData>(event.data.userName, event.data.sealed);
        return tx.upsert<AccountDocument>(ACCOUNTS_COLLECTION, {
          id: event.data.userName,
          userName: event.data.userName,
          name: personal?.name ?? ERASED_USER_NAME,
          roleId: event.data.roleId,
          emailConfirmed: false,
        });
      }
      const account = await tx.get<AccountDocument>(ACCOUNTS_COLLECTION, userName);
      if (!account) return;
      switch (event.type) {
        case 'EmailConfirmed':
          return tx.upsert(ACCOUNTS_COLLECTION, { ...account, emailConfirmed: true });
        case 'RoleGranted':
          return tx.upsert(ACCOUNTS_COLLECTION, { ...account, roleId: event.data.roleId });
        case 'RoleRevoked':
          return tx.upsert(ACCOUNTS_COLLECTION, { ...account, roleId: RoleId.User });
      }
    },
  };
}
