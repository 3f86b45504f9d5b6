import { createHmac, timingSafeEqual } from 'node:crypto';
import { validationError } from '../shared/errors';
import { EXPIRED_LINK, INVALID_LINK } from './errors';

export type CredentialLinkPurpose = 'reset' | 'confirm';

/**
 * What a reset or confirmation link vouches for. `created` and `expire` are epoch milliseconds as
 * decimal strings (see credentialLinkWindow). `credentialVersion` is not in the link: the server
 * takes it from the account, so a link dies as soon as the version moves on.
 */
export interface CredentialLinkClaims {
  purpose: CredentialLinkPurpose;
  /** The opaque account id (it travels as the `uname` query parameter, SPEC §2). */
  accountId: string;
  created: string;
  expire: string;
  credentialVersion: number;
}

export type CredentialLinkVerdict = 'ok' | 'expired' | 'invalid';

const EPOCH_MILLIS = /^\d{1,15}$/;

/** base64url HMAC-SHA256 over purpose|accountId|created|expire|credentialVersion. */
export function signCredentialLink(claims: CredentialLinkClaims, secret: string): string {
  const message = [claims.purpose, claims.accountId, claims.created, claims.expire, String(claims.credentialVersion)].join('|');
  return createHmac('sha256', secret).update(message, 'utf8').digest('base64url');
}

/**
 * Checks the signature first, in constant time, so an attacker learns nothing from a forged
 * link's timing or from which check failed; only a genuine link can be reported as expired.
 */
export function verifyCredentialLink(claims: CredentialLinkClaims & { hash: string }, secret: string, now: Date): CredentialLinkVerdict {
  if (!EPOCH_MILLIS.test(claims.created) || !EPOCH_MILLIS.test(claims.expire)) return 'invalid';
  const expected = Buffer.from(signCredentialLink(claims, secret), 'utf8');
  const given = Buffer.from(claims.hash, 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return now.getTime() < Number(claims.expire) ? 'ok' : 'expired';
}

/** verifyCredentialLink for a command handler: refuses a bad link with the message the user sees. */
export function requireValidCredentialLink(claims: CredentialLinkClaims & { hash: string }, secret: string, now: Date): void {
  const verdict = verifyCredentialLink(claims, secret, now);
  if (verdict === 'invalid') throw validationError(INVALID_LINK);
  if (verdict === 'expired') throw validationError(EXPIRED_LINK);
}

export type CredentialLinkPath = 'resetpassword' | 'confirmemail';

export const credentialLinkPath = (purpose: CredentialLinkPurpose): CredentialLinkPath =>
  purpose === 'reset' ? 'resetpassword' : 'confirmemail';

/**
 * `PUBLIC_URL/resetpassword?uname=&created=&expire=&hash=` (or confirmemail), query values
 * URL-encoded. `uname` keeps its SPEC name but carries the account id: the SPA only passes it back,
 * and a user name (personal data) has no business in a mailed URL.
 */
export function buildCredentialLink(
  publicUrl: string,
  path: CredentialLinkPath,
  fields: { accountId: string; created: string; expire: string; hash: string },
): string {
  const url = new URL(path, publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`);
  url.search = new URLSearchParams({
    uname: fields.accountId,
    created: fields.created,
    expire: fields.expire,
    hash: fields.hash,
  }).toString();
  return url.toString();
}
