import { Injectable } from '@nestjs/common';
import { TokenService } from '../auth/token.service';

/** SPEC §3 'Login result'. */
export interface LoginResult {
  userName: string;
  name: string;
  token: string;
  roleId: number;
}

@Injectable()
export class SessionIssuer {
  constructor(private readonly tokens: TokenService) {}

  /** The token names the account by its opaque id; the SPA still receives the user name to show. */
  loginResult(
    account: { accountId: string; userName: string; name: string; roleId: number; credentialVersion: number },
    rememberMe: boolean,
  ): LoginResult {
    return {
      userName: account.userName,
      name: account.name,
      roleId: account.roleId,
      token: this.tokens.issue(account.accountId, account.credentialVersion, rememberMe),
    };
  }
}
