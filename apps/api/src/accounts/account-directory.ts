import { Inject, Injectable } from '@nestjs/common';
import { accountDecider, accountStreamName, type AccountPersonalData, type AccountState } from '@app/domain';
import type { AppConfig } from '@app/config';
import type { EventStore } from '@app/event-store';
import { emailLookupHash, PersonalDataVault } from '@app/personal-data';
import { emailReservations, userNameByEmailLookup } from '@app/projections';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import { APP_CONFIG, EVENT_STORE } from '../infrastructure/tokens';

export interface KnownAccount {
  state: AccountState;
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

  /** Claims on an e-mail, oldest first; the latest one names its account. */
  reservationsOf(emailLookup: string) {
    return emailReservations(this.eventStore, emailLookup);
  }

  userNameOf(email: string): Promise<string | null> {
    return userNameByEmailLookup(this.eventStore, this.emailLookup(email));
  }

  async accountExists(userName: string): Promise<boolean> {
    return (await this.eventStore.readStream(accountStreamName(userName), { maxCount: 1 })).length > 0;
  }

  async findByEmail(email: string): Promise<KnownAccount | null> {
    const userName = await this.userNameOf(email);
    return userName ? this.findByUserName(userName) : null;
  }

  async findByUserName(userName: string): Promise<KnownAccount | null> {
    const { state } = await this.commands.load(accountStreamName(userName), accountDecider);
    if (!state.exists || !state.sealed) return null;
    const personal = await this.vault.open<AccountPersonalData>(userName, state.sealed);
    if (!personal) return null;
    const changed = state.sealedPasswordHash ? await this.vault.open<{ passwordHash: string }>(userName, state.sealedPasswordHash) : null;
    return { state, personal, passwordHash: changed?.passwordHash ?? personal.passwordHash };
  }
}
