import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SealedPersonalData } from '@app/domain';
import type { KeyStore } from './key-store.port';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SealedDataTamperedError extends Error {
  constructor(readonly accountId: string) {
    super(`Sealed personal data of '${accountId}' failed authentication: it was altered or sealed for someone else.`);
    this.name = 'SealedDataTamperedError';
  }
}

/**
 * Seals personal data (a JSON object) with the user's own key, AES-256-GCM. The account id is
 * authenticated too (GCM additional data), so a sealed value copied onto another account does
 * not open. After the key is shredded, `open` answers null: the data is gone, not broken.
 */
export class PersonalDataVault {
  constructor(private readonly keys: KeyStore) {}

  /** Crypto-shredding: deletes the user's key for good, so nothing sealed with it opens again. */
  shred(accountId: string): Promise<void> {
    return this.keys.deleteKey(accountId);
  }

  /** True once the user's key was shredded (or for an id that never sealed anything). */
  async isErased(accountId: string): Promise<boolean> {
    return (await this.keys.getKey(accountId)) === null;
  }

  async seal(accountId: string, plaintext: object): Promise<SealedPersonalData> {
    const key = await this.keys.getOrCreateKey(accountId);
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(accountId, 'utf8'));
    const data = Buffer.concat([cipher.update(JSON.stringify(plaintext), 'utf8'), cipher.final()]);
    return { v: 1, iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
  }

  /** Throws SealedDataTamperedError when the ciphertext, tag or iv was altered. */
  async open<T extends object = Record<string, unknown>>(accountId: string, sealed: SealedPersonalData): Promise<T | null> {
    if (sealed.v !== 1) throw new Error(`Unknown sealed personal data version ${String(sealed.v)}.`);
    return (await this.openerFor(accountId))<T>(sealed);
  }

  /**
   * Reads the user's key once (the only I/O, so the only step a key-store outage can fail) and
   * returns a pure opener of what is sealed with it: null for everything once the key is shredded;
   * it throws (no I/O) on an altered value or an unknown version, an error the same value raises again.
   */
  async openerFor(accountId: string): Promise<PersonalDataOpener> {
    const key = await this.keys.getKey(accountId);
    return <T extends object>(sealed: SealedPersonalData) => (key ? openWith<T>(key, accountId, sealed) : null);
  }
}

/** Opens what is sealed for one user with the key read beforehand (see `PersonalDataVault.openerFor`). */
export type PersonalDataOpener = <T extends object = Record<string, unknown>>(sealed: SealedPersonalData) => T | null;

function openWith<T extends object>(key: Buffer, accountId: string, sealed: SealedPersonalData): T {
  if (sealed.v !== 1) throw new Error(`Unknown sealed personal data version ${String(sealed.v)}.`);
  const tag = Buffer.from(sealed.tag, 'base64');
  if (tag.length !== TAG_BYTES) throw new SealedDataTamperedError(accountId);
  const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(sealed.iv, 'base64'), { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(accountId, 'utf8'));
  decipher.setAuthTag(tag);
  let plaintext: string;
  try {
    plaintext = Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    throw new SealedDataTamperedError(accountId);
  }
  return JSON.parse(plaintext) as T;
}
