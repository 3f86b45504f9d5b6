import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 seconds. */
const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
export const TOTP_ISSUER = 'DevCommunity';

/** A fresh secret (160 bits, base32, as authenticator apps take it) and its `otpauth://` URL for the QR code. */
export function newTotpSecret(label: string): { secret: string; otpauthUrl: string } {
  const secret = new Secret({ size: 20 });
  const totp = new TOTP({ ...TOTP_SETTINGS, issuer: TOTP_ISSUER, label, secret });
  return { secret: secret.base32, otpauthUrl: totp.toString() };
}

/**
 * The 30-second step a code belongs to, if it is the code of this step or of the one before or
 * after (clocks drift); null for any other code. The caller refuses steps already used.
 */
export function totpStepOf(secret: string, code: string, now: Date): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const totp = new TOTP({ ...TOTP_SETTINGS, secret: Secret.fromBase32(secret) });
  const delta = totp.validate({ token, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : totp.counter({ timestamp: now.getTime() }) + delta;
}

/** The code of a secret at a time (tests, and nothing else, compute codes). */
export function totpCodeAt(secret: string, at: Date): string {
  return new TOTP({ ...TOTP_SETTINGS, secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() });
}
