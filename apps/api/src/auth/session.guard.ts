import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { forbidden, isAdmin, unauthorized, type ApiTokenScope } from '@app/domain';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
import { ACCESS_LEVEL, READS_ONLY, SESSION_ONLY, type AccessLevel, type RequestWithSession } from './auth.decorators';
import type { SessionUser } from './session-user';
import { Sessions } from './sessions';
import { SessionActivity } from './session-activity';
import { REQUIRES_CONFIRMED_EMAIL, SpamDefaults } from './spam-defaults';

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
    private readonly sessions: Sessions,
    private readonly activity: SessionActivity,
    private readonly spam: SpamDefaults,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request & RequestWithSession>();
    const required = this.reflector.getAllAndOverride<AccessLevel | undefined>(ACCESS_LEVEL, [context.getHandler(), context.getClass()]);
    request.user = await this.currentUser(request, http.getResponse<Response>());
    if (request.user?.credential.kind === 'api-token') this.checkApiToken(context, request.method, request.user.credential.scopes);
    if (!required) return true;
    if (!request.user) throw unauthorized();
    if (required === 'admin' && !isAdmin(request.user)) throw forbidden('Only an admin can do this.');
    if (this.reflector.getAllAndOverride<boolean | undefined>(REQUIRES_CONFIRMED_EMAIL, [context.getHandler(), context.getClass()]))
      this.spam.requireConfirmedEmail(request.user);
    return true;
  }

  /**
   * A personal API token acts within its scopes: a call that changes anything needs `write`, on
   * every route (this guard runs on all of them); calls that manage sign-in methods take none.
   */
  private checkApiToken(context: ExecutionContext, method: string, scopes: readonly ApiTokenScope[]): void {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean | undefined>(SESSION_ONLY, targets))
      throw forbidden('An API token cannot manage how you sign in: log in to do this.');
    const reads = SAFE_METHODS.has(method.toUpperCase()) || this.reflector.getAllAndOverride<boolean | undefined>(READS_ONLY, targets);
    if (!reads && !scopes.includes('write')) throw forbidden('This API token is read-only: making changes needs the write scope.');
  }

  private async currentUser(request: Request, response: Response): Promise<SessionUser | null> {
    const session = await this.sessions.of(request.headers.authorization);
    if (!session) return null;
    if (session.token?.renewable) response.setHeader('auth-token', this.sessions.renew(session.token));
    const credential = session.user.credential;
    const seen = credential.kind === 'session' ? credential.sessionId : credential.tokenId;
    if (seen) this.activity.seen(seen);
    return session.user;
  }
}
