import { Inject, Injectable } from '@nestjs/common';
import type { ReadStore } from '@app/read-store';
import { ACCOUNTS_COLLECTION, type AccountDocument } from '@app/projections';
import { READ_STORE } from '../infrastructure/tokens';
import type { SessionUser } from './session-user';
import { TokenService, type VerifiedToken } from './token.service';

export interface CurrentSession {
  user: SessionUser;
  token: VerifiedToken;
}

/**
 * The caller of a request from its Authorization header: a bearer token whose signature holds,
 * for an account that still exists, signed over the account's current credential version; the
 * role is the accounts read model's, read now. The session guard and the public reads' front both ask here.
 */
@Injectable()
export class Sessions {
  constructor(
    private readonly tokens: TokenService,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  async of(authorization: string | undefined): Promise<CurrentSession | null> {
    const match = /^Bearer\s+(.+)$/i.exec(authorization ?? '');
    if (!match) return null;
    const token = this.tokens.verify(match[1].trim());
    if (!token) return null;
    const account = await this.readStore.get<AccountDocument>(ACCOUNTS_COLLECTION, token.accountId);
    // An erased account has no user name any more: its old tokens open nothing.
    if (!account || account.userName === null) return null;
    // A password reset, a role change or 'log out everywhere' moved the version on: every older token is dead.
    if (account.credentialVersion !== token.credentialVersion) return null;
    // This one session was ended from Settings.
    if (token.sessionId && account.revokedSessions?.[token.sessionId]) return null;
    return {
      user: {
        accountId: account.id,
        userName: account.userName,
        name: account.name,
        roleId: account.roleId,
        credential: { kind: 'session', sessionId: token.sessionId ?? null },
      },
      token,
    };
  }

  /** A fresh token for a session past half its token's life, for the `auth-token` header. */
  renew(token: VerifiedToken): string {
    return this.tokens.renew(token);
  }
}
