import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { forbidden, isAdmin, unauthorized } from '@app/domain';
import { ACCESS_LEVEL, type AccessLevel, type RequestWithSession } from './auth.decorators';
import type { SessionUser } from './session-user';
import { Sessions } from './sessions';
import { SessionActivity } from './session-activity';

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
    const session = await this.sessions.of(request.headers.authorization);
    if (!session) return null;
    if (session.token.renewable) response.setHeader('auth-token', this.sessions.renew(session.token));
    if (session.token.sessionId) this.activity.seen(session.token.sessionId);
    return session.user;
  }
}
