import { Inject, Injectable } from '@nestjs/common';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '@app/config';
import { APP_CONFIG } from '../infrastructure/tokens';

/** The cookie, sent back by the browser to the login call only. */
export const KNOWN_DEVICE_COOKIE = 'known_device';
export const KNOWN_DEVICE_PATH = '/api/Account/Login';
const LIFETIME_SECONDS = 180 * 24 * 60 * 60;

/**
 * Known-device tokens (OWASP's "device cookies"): a successful login gives the browser a token
 * bound to the e-mail it logged in to, `<id>.<expires>.<mac>`, signed with a key derived from the
 * JWT secret. Stored nowhere on the server; it names no one (the e-mail is only under the MAC).
 * The login limits let a device holding a valid token for the e-mail past the per-e-mail limit.
 */
@Injectable()
export class KnownDevices {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = createHmac('sha256', config.jwtSecret).update('known-devices').digest();
  }

  /** A new token for `emailKey` (the normalized e-mail), valid for 180 days from `now`. */
  issue(emailKey: string, now: Date): { token: string; maxAgeMs: number } {
    const id = randomBytes(12).toString('base64url');
    const expires = Math.floor(now.getTime() / 1000) + LIFETIME_SECONDS;
    return { token: `${id}.${expires}.${this.mac(emailKey, id, expires)}`, maxAgeMs: LIFETIME_SECONDS * 1000 };
  }

  /** The device id of a token issued for `emailKey` and not expired at `now`; null for anything else. */
  verify(token: string | undefined, emailKey: string, now: Date): string | null {
    const [id, expiresText, mac, ...rest] = (token ?? '').split('.');
    if (!id || !mac || rest.length > 0 || !/^\d{1,12}$/.test(expiresText ?? '')) return null;
    const expires = Number(expiresText);
    if (expires * 1000 <= now.getTime()) return null;
    const expected = Buffer.from(this.mac(emailKey, id, expires));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  }

  private mac(emailKey: string, id: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${emailKey}\n${id}\n${expires}`).digest('base64url');
  }
}

/** The value of one cookie of a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.split('=');
    if (key.trim() === name) return value.join('=').trim();
  }
  return undefined;
}
