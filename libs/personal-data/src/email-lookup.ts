import { createHmac } from 'node:crypto';

/** E-mail addresses compare case-insensitively and without surrounding blanks. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * A stable, non-reversible id for an e-mail address: hex HMAC-SHA256 of the normalized address
 * under a server secret (the pepper). It names the e-mail reservation stream and lets a login find
 * the account, while the clear address stays sealed. Without the pepper nobody can test guessed
 * addresses against the log. The pepper must never change: every reservation is keyed by it.
 */
export function emailLookupHash(email: string, pepper: string): string {
  return createHmac('sha256', pepper).update(normalizeEmail(email), 'utf8').digest('hex');
}

/**
 * The same kind of id for a user name (a handle made from the real name, so personal data too):
 * it names the user-name reservation stream. Same pepper, distinct purpose: the purpose label is
 * part of the HMAC input, so a user-name hash never equals an e-mail hash of the same text.
 */
export function userNameLookupHash(userName: string, pepper: string): string {
  return createHmac('sha256', pepper).update(`user-name\u0000${userName.trim().toLowerCase()}`, 'utf8').digest('hex');
}
