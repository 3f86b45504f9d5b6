import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;
/** Without 0/O and 1/I/L, so a code copied by hand reads back the same. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Ten single-use codes like `K7QX-M2PD-9RTW` (60 bits each), shown once; only their keyed hashes are kept. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const characters = [...randomBytes(12)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
    return `${characters.slice(0, 4)}-${characters.slice(4, 8)}-${characters.slice(8, 12)}`;
  });
}

/** Case, spaces and dashes do not matter. */
const normalized = (code: string) => code.toUpperCase().replace(/[\s-]+/g, '');

export function recoveryCodeHash(code: string, pepper: string): string {
  return createHmac('sha256', pepper).update('recovery-code\0').update(normalized(code)).digest('base64url');
}

/** The index of the code among the hashes, or null. */
export function recoveryCodeIndex(code: string, hashes: readonly string[], pepper: string): number | null {
  if (normalized(code).length !== 12) return null;
  const hash = Buffer.from(recoveryCodeHash(code, pepper));
  const index = hashes.findIndex((candidate) => {
    const other = Buffer.from(candidate);
    return other.length === hash.length && timingSafeEqual(other, hash);
  });
  return index === -1 ? null : index;
}
