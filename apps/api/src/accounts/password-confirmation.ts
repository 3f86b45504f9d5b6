import { Injectable } from '@nestjs/common';
import { unauthorized } from '@app/domain';
import { PasswordHasher } from '@app/personal-data';
import { AccountDirectory, type KnownAccount } from './account-directory';

export const PASSWORD_INCORRECT = 'Password is incorrect.';

/** A grave change of one's own account (erasing it, turning two-factor off) asks for the password again. */
@Injectable()
export class PasswordConfirmation {
  constructor(
    private readonly directory: AccountDirectory,
    private readonly hasher: PasswordHasher,
  ) {}

  /** The caller's account, once `password` is its password; 401 otherwise. */
  async account(accountId: string, password: string): Promise<KnownAccount> {
    const account = await this.directory.findById(accountId);
    if (!account || !(await this.hasher.verifyOrBurn(account.passwordHash, password))) throw unauthorized(PASSWORD_INCORRECT);
    return account;
  }
}
