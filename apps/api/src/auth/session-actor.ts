import { unauthorized, type Actor } from '@app/domain';
import type { SessionUser } from './session-user';

/** The caller as the deciders know them; the session guard has already read the role fresh. */
export const viewerOf = (user: SessionUser | null): Actor | null => (user ? { accountId: user.accountId, roleId: user.roleId } : null);

/** For @Authenticated routes: the guard let no anonymous caller through, this only states it. */
export function actorOf(user: SessionUser | null): Actor {
  const actor = viewerOf(user);
  if (!actor) throw unauthorized();
  return actor;
}
