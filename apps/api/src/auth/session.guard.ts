import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { forbidden, isAdmin, unauthorized } from '@app/domain';
import type { ReadStore } from '@app/read-store';
import { ACCOUNTS_COLLECTION, type AccountDocument } from '@app/projections';
import { READ_STORE } from '../infrastructure/tokens';
import { ACCESS_LEVEL, type AccessLevel, type RequestWithSession } from './auth.decorators';
import type { SessionUser } from './session-user';
import { TokenService } from './token.service';

/**
 * Runs on every request: turns a bearer token into the current user, with the role the accounts
 * read model holds now, and enforces @Authenticated / @AdminOnly. A token signed over an older
 * credential version than the account's is refused. A token past half its life is renewed in the
 * `auth-token` response header, up to the session's absolute lifetime.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenService,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request & RequestWithSession>();
    const required = this.reflector.getAllAndOverride<AccessLevel | undefined>(ACCESS_LEVEL, [context.getHandler(), context.getClass()]);
    request.user = await this.currentUser(request, http.getResponse<Response>());
    if (!required) return true;
    if (!request.user) throw unauthorized();
    if (required === 'admin' && !isAdmin(request.user)) throw forbidden('Only an admin can do this.');
    return true;
  }

  private async currentUser(request: Request, response: Response): Promise<SessionUser | null> {
    const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
    if (!match) return null;
    const token = this.tokens.verify(match[1].trim());
    if (!token) return null;
    const account = await this.readStore.get<AccountDocument>(ACCOUNTS_COLLECTION, token.accountId);
    // An erased account has no user name any more: its old tokens open nothing.
    if (!account || account.userName === null) return null;
    // A password reset, a role change or 'log out everywhere' moved the version on: every older token is dead.
    if (account.credentialVersion !== token.credentialVersion) return null;
    if (token.renewable) response.setHeader('auth-token', this.tokens.renew(token));
    return { accountId: account.id, userName: account.userName, name: account.name, roleId: account.roleId };
  }
}
