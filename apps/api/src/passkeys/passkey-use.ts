import { Injectable } from '@nestjs/common';
import type { LoginPasskeyRequest } from '@app/contracts';
import { ownEntry, PASSKEY_SIGN_IN_FAILED, unauthorized } from '@app/domain';
import type { KnownAccount } from '../accounts/account-directory';
import { onOwnAccount } from '../accounts/own-account';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import { RelyingParty } from './relying-party';

/** A sign-in with a passkey (alone, or as a login's second step): one check and one record. */
@Injectable()
export class PasskeyUse {
  constructor(
    private readonly relyingParty: RelyingParty,
    private readonly commands: EventSourcedCommands,
  ) {}

  /** The signature must be of a passkey of the account over `expectedChallenge`; the decider refuses a signature count that went back (a cloned authenticator). */
  async verifyAndRecord(
    account: KnownAccount,
    response: LoginPasskeyRequest['response'],
    expectedChallenge: string,
    challengePasses?: number,
  ): Promise<void> {
    const passkey = ownEntry(account.state.passkeys, response.id);
    if (!passkey) throw unauthorized(PASSKEY_SIGN_IN_FAILED);
    const verified = await this.relyingParty.verifyAuthentication(response, expectedChallenge, passkey);
    if (!verified) throw unauthorized(PASSKEY_SIGN_IN_FAILED);
    await onOwnAccount(this.commands, {
      type: 'UsePasskey',
      accountId: account.state.accountId,
      credentialId: passkey.credentialId,
      counter: verified.counter,
      backedUp: verified.backedUp,
      ...(challengePasses === undefined ? {} : { challengePasses }),
    });
  }
}
