/** Bytes in a personal-data key (AES-256). */
export const PERSONAL_DATA_KEY_BYTES = 32;

/**
 * Per-user encryption keys for personal data, kept apart from the event log so that deleting a
 * key erases the user's personal data from every event at once ("crypto-shredding").
 *
 * Guarantees every adapter keeps (see key-store.contract.ts):
 * - getOrCreateKey is race-safe: concurrent calls, from any process sharing the store, agree on
 *   one key, and a key never changes once created.
 * - deleteKey is final: it leaves a tombstone, so getKey answers null and getOrCreateKey refuses
 *   (KeyShreddedError) rather than sealing new data under a fresh key for an erased user.
 */
export interface KeyStore {
  getOrCreateKey(accountId: string): Promise<Buffer>;
  /** null when the user has no key yet or the key was shredded. */
  getKey(accountId: string): Promise<Buffer | null>;
  deleteKey(accountId: string): Promise<void>;
  close(): Promise<void>;
}

export class KeyShreddedError extends Error {
  constructor(readonly accountId: string) {
    super(`The personal-data key of '${accountId}' was deleted; the user's personal data is erased.`);
    this.name = 'KeyShreddedError';
  }
}
