import { createHmac, timingSafeEqual } from 'node:crypto';
import type { NotificationKind } from '../notification';

/**
 * The one-click unsubscribe link of notification e-mails:
 * `PUBLIC_URL/api/Account/Unsubscribe?uname=<accountId>&kind=<kind>&hash=<hmac>`. It needs no login
 * and does not expire (mail clients keep it for List-Unsubscribe), so it can do one thing only:
 * turn that person's e-mails of that kind off. The HMAC is keyed with the credential-link secret
 * under its own purpose label, so it can never pass as a reset or confirm link, nor one kind's link
 * as another's. Links mailed before kinds (no `kind`) still turn comment and reply e-mails off.
 */
const PURPOSE = 'unsubscribe-comment-notifications';

const messageOf = (accountId: string, kind: NotificationKind | null) =>
  kind === null ? `${PURPOSE}|${accountId}` : `${PURPOSE}|${accountId}|${kind}`;

export function signUnsubscribeLink(accountId: string, secret: string, kind: NotificationKind | null = null): string {
  return createHmac('sha256', secret).update(messageOf(accountId, kind), 'utf8').digest('base64url');
}

export function isValidUnsubscribeLink(accountId: string, hash: string, secret: string, kind: NotificationKind | null = null): boolean {
  const expected = Buffer.from(signUnsubscribeLink(accountId, secret, kind), 'utf8');
  const given = Buffer.from(hash, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const UNSUBSCRIBE_PATH = 'api/Account/Unsubscribe';

export function buildUnsubscribeLink(publicUrl: string, accountId: string, secret: string, kind: NotificationKind): string {
  const url = new URL(UNSUBSCRIBE_PATH, publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`);
  url.search = new URLSearchParams({ uname: accountId, kind, hash: signUnsubscribeLink(accountId, secret, kind) }).toString();
  return url.toString();
}
