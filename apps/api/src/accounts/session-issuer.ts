import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { sessionDecider, sessionStreamName, type SessionPersonalData } from '@app/domain';
import { PersonalDataVault } from '@app/personal-data';
import { sessionEnd, TokenService } from '../auth/token.service';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import type { KnownAccount } from './account-directory';
import { CLOCK, type Clock } from '../infrastructure/tokens';

/** SPEC §3 'Login result'. */
export interface LoginResult {
  userName: string;
  name: string;
  token: string;
  roleId: number;
}

/** Where a login comes from, as its session shows it in Settings. */
export interface SignInClient {
  ip: string;
  userAgent: string;
}

export interface SignedInAccount {
  accountId: string;
  userName: string;
  name: string;
  roleId: number;
  credentialVersion: number;
}

/** The longest user agent kept: enough for any real browser, not a place to store a novel. */
const USER_AGENT_KEPT = 512;

@Injectable()
export class SessionIssuer {
  constructor(
    private readonly tokens: TokenService,
    private readonly commands: EventSourcedCommands,
    private readonly vault: PersonalDataVault,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Starts a session (`SessionStarted` on its own stream, with the address and user agent sealed
   * under the account's key) and answers its first token, which names the session (`sid`). The
   * token names the account by its opaque id; the SPA still receives the user name to show.
   */
  async startSession(account: SignedInAccount, rememberMe: boolean, client: SignInClient): Promise<LoginResult> {
    const sessionId = randomUUID();
    const now = this.clock();
    const startedAt = Math.floor(now.getTime() / 1000);
    const personal: SessionPersonalData = { address: client.ip, userAgent: client.userAgent.slice(0, USER_AGENT_KEPT) };
    const sealed = await this.vault.seal(account.accountId, personal);
    const expiresAt = new Date(sessionEnd({ startedAt, rememberMe }) * 1000);
    const { position } = await this.commands.execute(
      sessionStreamName(sessionId),
      sessionDecider,
      { type: 'StartSession', sessionId, accountId: account.accountId, sealed, rememberMe, now, expiresAt },
      { actor: account.accountId },
    );
    // Settings lists it at once.
    await this.commands.settle(position, ['sign-in']);
    return {
      userName: account.userName,
      name: account.name,
      roleId: account.roleId,
      token: this.tokens.issue(account.accountId, account.credentialVersion, rememberMe, sessionId),
    };
  }

  /** A session for an account found in the directory, once its password, passkey, provider or second factor held. */
  startSessionFor({ state, personal }: KnownAccount, rememberMe: boolean, client: SignInClient): Promise<LoginResult> {
    const { accountId, roleId, credentialVersion } = state;
    return this.startSession(
      { accountId, userName: personal.userName, name: personal.name, roleId, credentialVersion },
      rememberMe,
      client,
    );
  }
}
