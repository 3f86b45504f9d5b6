import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '@app/config';
import { activeSuspension } from '@app/domain';
import { CollectionCache, type ReadStore } from '@app/read-store';
import { ACCOUNTS_COLLECTION, API_TOKENS_COLLECTION, type AccountDocument, type ApiTokenDocument } from '@app/projections';
import { APP_CONFIG, CLOCK, READ_STORE, type Clock } from '../infrastructure/tokens';
import { API_TOKEN_PREFIX, parseApiToken, secretMatches } from './api-token-secrets';
import type { SessionCredential, SessionUser } from './session-user';
import { TokenService, type VerifiedToken } from './token.service';

export interface CurrentSession {
  user: SessionUser;
  /** The session token; null for a personal API token (never renewed). */
  token: VerifiedToken | null;
}

/**
 * The caller of a request from its Authorization header: a bearer token whose signature holds,
 * for an account that still exists, signed over the account's current credential version and of a
 * session not ended on its own; or a personal API token whose secret matches, not revoked nor
 * expired. The role is the accounts read model's, read now. The session guard and the public
 * reads' front both ask here.
 */
@Injectable()
export class Sessions {
  /** Read on every request with a session; written only by account events (signup, role, password, name, sessions). */
  private readonly accounts: CollectionCache<AccountDocument>;

  constructor(
    private readonly tokens: TokenService,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.accounts = new CollectionCache(readStore, ACCOUNTS_COLLECTION);
  }

  async of(authorization: string | undefined): Promise<CurrentSession | null> {
    const match = /^Bearer\s+(.+)$/i.exec(authorization ?? '');
    if (!match) return null;
    const bearer = match[1].trim();
    if (bearer.startsWith(API_TOKEN_PREFIX)) return this.ofApiToken(bearer);
    const token = this.tokens.verify(bearer);
    if (!token) return null;
    const account = await this.accountOf(token.accountId);
    if (!account) return null;
    // A password reset, a role change or 'log out everywhere' moved the version on: every older token is dead.
    if (account.credentialVersion !== token.credentialVersion) return null;
    // This one session was ended from Settings.
    if (token.sessionId && account.revokedSessions?.[token.sessionId]) return null;
    return { user: userOf(account, { kind: 'session', sessionId: token.sessionId ?? null }), token };
  }

  /** A fresh token for a session past half its token's life, for the `auth-token` header. */
  renew(token: VerifiedToken): string {
    return this.tokens.renew(token);
  }

  private async ofApiToken(bearer: string): Promise<CurrentSession | null> {
    const parsed = parseApiToken(bearer);
    if (!parsed) return null;
    const apiToken = await this.readStore.get<ApiTokenDocument>(API_TOKENS_COLLECTION, parsed.tokenId);
    if (!apiToken || !secretMatches(parsed.secret, apiToken.secretHash, this.config.emailLookupPepper)) return null;
    if (apiToken.expiresAt <= this.clock().toISOString()) return null;
    const account = await this.accountOf(apiToken.accountId);
    if (!account) return null;
    return { user: userOf(account, { kind: 'api-token', tokenId: apiToken.id, scopes: apiToken.scopes }), token: null };
  }

  private async accountOf(accountId: string): Promise<Readonly<AccountDocument & { userName: string }> | null> {
    const account = await this.accounts.get(accountId);
    // An erased account has no user name any more: its old tokens open nothing.
    if (!account || account.userName === null) return null;
    // Issue 27: while a suspension holds, no token of theirs opens anything (API tokens included).
    if (isSuspended(account, this.clock())) return null;
    return account as Readonly<AccountDocument & { userName: string }>;
  }
}

const userOf = (account: AccountDocument & { userName: string }, credential: SessionCredential): SessionUser => ({
  accountId: account.id,
  userName: account.userName,
  name: account.name,
  roleId: account.roleId,
  credential,
  emailConfirmed: account.emailConfirmed,
  ...(account.registeredAt ? { registeredAt: account.registeredAt } : {}),
});

const isSuspended = (account: AccountDocument, now: Date): boolean =>
  activeSuspension({ suspension: account.suspension ?? null }, now) !== null;
