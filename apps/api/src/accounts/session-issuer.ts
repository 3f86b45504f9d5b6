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

  loginResult(account: { userName: string; name: string; roleId: number }, rememberMe: boolean): LoginResult {
    return {
      userName: account.userName,
      name: account.name,
      roleId: account.roleId,
      token: this.tokens.issue(account.userName, rememberMe),
    };
  }
}
