import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { SessionUser } from './session-user';

export type AccessLevel = 'user' | 'admin';
export const ACCESS_LEVEL = 'accessLevel';

/** The route needs a logged-in user (roleId 1 or 2). */
export const Authenticated = () => SetMetadata(ACCESS_LEVEL, 'user' satisfies AccessLevel);

/** The route needs an admin (roleId 2). */
export const AdminOnly = () => SetMetadata(ACCESS_LEVEL, 'admin' satisfies AccessLevel);

export interface RequestWithSession {
  user?: SessionUser | null;
}

/** The caller, or null on public routes called anonymously. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  return context.switchToHttp().getRequest<RequestWithSession>().user ?? null;
});

export const SESSION_ONLY = 'sessionOnly';
/**
 * The route manages how the user signs in (sessions, API tokens, second factor, erasure): a
 * personal API token is never accepted, only a logged-in session.
 */
export const SessionOnly = () => SetMetadata(SESSION_ONLY, true);

export const READS_ONLY = 'readsOnly';
/** A POST that only reads (the searches): a read-only API token may call it. */
export const ReadsOnly = () => SetMetadata(READS_ONLY, true);
