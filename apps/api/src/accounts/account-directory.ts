import { Inject, Injectable } from '@nestjs/common';
import {
  accountDecider,
  accountStreamName,
  userNameReservationStreamName,
  type AccountPersonalData,
  type AccountRecord,
  accountRecordOf,
} from '@app/domain';
import type { AppConfig } from '@app/config';
import type { EventStore } from '@app/event-store';
import { emailLookupHash, PersonalDataVault, userNameLookupHash } from '@app/personal-data';
import { accountIdByEmailLookup, emailReservations } from '@app/projections';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import { APP_CONFIG, EVENT_STORE } from '../infrastructure/tokens';

export interface KnownAccount {
  /** Registered or erased (an erased one is found only while its key is not yet shredded). */
  state: AccountRecord;
  erased: boolean;
  personal: AccountPersonalData;
  /** The current password hash (it moves out of `personal` once the password changed). */
  passwordHash: string;
}

/**
 * Finds accounts on the write side (the event log), where the truth is: by e-mail through the
 * e-mail reservation stream, then the account stream, opened with the user's key.
 */
@Injectable()
export class AccountDirectory {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly commands: EventSourcedCommands,
    private readonly vault: PersonalDataVault,
  ) {}

  emailLookup(email: string): string {
    return emailLookupHash(email, this.config.emailLookupPepper);
  }

  /** Names the user-name reservation stream: the handle is personal data, so only its keyed hash is in the log. */
  userNameLookup(userName: string): string {
    return userNameLookupHash(userName, this.config.emailLookupPepper);
  }

  /** Claims on an e-mail, oldest first; the latest one names its account. */
  reservationsOf(emailLookup: string) {
    return emailReservations(this.eventStore, emailLookup);
  }

  accountIdOf(email: string): Promise<string | null> {
    return accountIdByEmailLookup(this.eventStore, this.emailLookup(email));
  }

  async accountExists(accountId: string): Promise<boolean> {
    return (await this.eventStore.readStream(accountStreamName(accountId), { maxCount: 1 })).length > 0;
  }

  /** An erased account's e-mail and user name may be claimed again. */
  async accountErased(accountId: string): Promise<boolean> {
    return (await this.commands.load(accountStreamName(accountId), accountDecider)).state.status === 'erased';
  }

  /**
   * The claim on a stream that reserves a name (last event's account) with the stream's revision;
   * `released` when that signup was refused and gave the name back (UserNameReleased), or an
   * external identity was unlinked (ExternalIdentityReleased).
   */
  async latestClaim(streamName: string): Promise<{ accountId: string; revision: number; released: boolean } | null> {
    const events = await this.eventStore.readStream(streamName);
    const last = events.at(-1);
    if (!last) return null;
    return {
      accountId: (last.data as { accountId: string }).accountId,
      revision: last.revision,
      released: last.type === 'UserNameReleased' || last.type === 'ExternalIdentityReleased',
    };
  }

  /**
   * The account that holds a user name now, from its reservation stream (the handle itself is only
   * in the log as a keyed hash); null when nobody holds it or its holder was erased.
   */
  async accountIdOfUserName(userName: string): Promise<string | null> {
    const claim = await this.latestClaim(userNameReservationStreamName(this.userNameLookup(userName)));
    if (!claim || claim.released || (await this.accountErased(claim.accountId))) return null;
    return claim.accountId;
  }

  async findByEmail(email: string): Promise<KnownAccount | null> {
    const accountId = await this.accountIdOf(email);
    return accountId ? this.findById(accountId) : null;
  }

  async findById(accountId: string): Promise<KnownAccount | null> {
    const loaded = (await this.commands.load(accountStreamName(accountId), accountDecider)).state;
    const state = accountRecordOf(loaded);
    if (!state) return null;
    const personal = await this.vault.open<AccountPersonalData>(accountId, state.sealed);
    if (!personal) return null;
    const changed = state.sealedPasswordHash ? await this.vault.open<{ passwordHash: string }>(accountId, state.sealedPasswordHash) : null;
    return { state, erased: loaded.status === 'erased', personal, passwordHash: changed?.passwordHash ?? personal.passwordHash };
  }
}
