import type { AccountRegistered } from '@app/domain';
import type { PersonalDataVault } from '@app/personal-data';

/**
 * An account's `AccountRegistered` as a given event: its personal data sealed with its own key, as
 * signup does, but with no password hash (the account never logs in with one).
 */
export async function givenRegistration(
  vault: PersonalDataVault,
  accountId: string,
  person: { email: string; name: string; userName: string },
  registeredAt: string,
): Promise<AccountRegistered> {
  const sealed = await vault.seal(accountId, { ...person, passwordHash: 'unused' });
  return {
    type: 'AccountRegistered',
    data: {
      accountId,
      sealed,
      emailLookup: `given-${accountId}`,
      userNameLookup: `given-${accountId}`,
      roleId: 1,
      credentialVersion: 1,
      registeredAt,
    },
  };
}
