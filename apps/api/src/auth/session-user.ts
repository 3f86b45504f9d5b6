/** How the caller proved who they are: a session of a login (its id; null for a token issued before sessions were listed). */
export interface SessionCredential {
  kind: 'session';
  sessionId: string | null;
}

/** Who is calling, as the accounts read model knows them now (the role is never taken from the token). */
export interface SessionUser {
  /** The opaque account id (the token's `sub`); `userName` is the current handle, for display and links. */
  accountId: string;
  userName: string;
  name: string;
  roleId: number;
  credential: SessionCredential;
}
