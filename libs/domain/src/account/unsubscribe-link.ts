import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The one-click unsubscribe link of notification e-mails: `PUBLIC_URL/api/Account/Unsubscribe?uname=<accountId>&hash=<hmac>`.
 * It needs no login and does not expire (mail clients keep it for List-Unsubscribe), so it can do
 * one thing only: turn comment notifications off for that account. The HMAC is keyed with the
 * credential-link secret under its own purpose label, so it can never pass as a reset or confirm link.
 */
const PURPOSE = 'unsubscribe-comment-notifications';

export function signUnsubscribeLink(accountId: string, secret: string): string {
  return createHmac('sha256', secret).update(`${PURPOSE}|${accountId}`, 'utf8').digest('base64url');
}

export function isValidUnsubscribeLink(accountId: string, hash: string, secret: string): boolean {
  const expected = Buffer.from(signUnsubscribeLink(accountId, secret), 'utf8');
  const given = Buffer.from(hash, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const UNSUBSCRIBE_PATH = 'api/Account/Unsubscribe';

export function buildUnsubscribeLink(publicUrl: string, accountId: string, secret: string): string {
  const url = new URL(UNSUBSCRIBE_PATH, publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`);
  url.search = new URLSearchParams({ uname: accountId, hash: signUnsubscribeLink(accountId, secret) }).toString();
  return url.toString();
}
