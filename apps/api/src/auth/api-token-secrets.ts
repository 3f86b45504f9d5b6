import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A personal API token: `dcat_<token id>_<secret>`. The id finds the token's document; the secret
 * (32 random bytes) is only ever stored as a keyed hash, so neither the log nor the read store can
 * give a working token away. The prefix lets secret scanners and the guard tell it from a session.
 */
export const API_TOKEN_PREFIX = 'dcat_';
const API_TOKEN_FORMAT = /^dcat_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

export function newApiTokenSecret(tokenId: string): { token: string; secret: string } {
  const secret = randomBytes(32).toString('base64url');
  return { token: `${API_TOKEN_PREFIX}${tokenId}_${secret}`, secret };
}

export function parseApiToken(token: string): { tokenId: string; secret: string } | null {
  const match = API_TOKEN_FORMAT.exec(token);
  return match ? { tokenId: match[1], secret: match[2] } : null;
}

/** The keyed hash kept of a secret (the pepper with its own purpose label). */
export function apiTokenSecretHash(secret: string, pepper: string): string {
  return createHmac('sha256', pepper).update('api-token\0').update(secret).digest('base64url');
}

export function secretMatches(secret: string, secretHash: string, pepper: string): boolean {
  const expected = Buffer.from(secretHash);
  const actual = Buffer.from(apiTokenSecretHash(secret, pepper));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
