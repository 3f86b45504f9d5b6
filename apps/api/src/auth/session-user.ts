import type { ApiTokenScope } from '@app/domain';

/**
 * How the caller proved who they are: a session of a login (its id; null for a token issued
 * before sessions were listed), or a personal API token with its scopes.
 */
export type SessionCredential =
  { kind: 'session'; sessionId: string | null } | { kind: 'api-token'; tokenId: string; scopes: readonly ApiTokenScope[] };

/** Who is calling, as the accounts read model knows them now (the role is never taken from the token). */
export interface SessionUser {
  /** The opaque account id (the token's `sub`); `userName` is the current handle, for display and links. */
  accountId: string;
  userName: string;
  name: string;
  roleId: number;
  credential: SessionCredential;
  /** Whether they confirmed their e-mail (REQUIRE_CONFIRMED_EMAIL holds some writes until then). */
  emailConfirmed?: boolean;
  /** ISO instant of signup (new accounts' link limit); absent when the read model does not know it yet. */
  registeredAt?: string;
}

/** The session id of the caller, when they called with a session (not an API token). */
export const sessionIdOf = (user: SessionUser): string | null => (user.credential.kind === 'session' ? user.credential.sessionId : null);
