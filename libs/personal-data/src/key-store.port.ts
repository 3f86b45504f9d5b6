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
 * - deleteKey records the erasure in the erasure ledger (see erasure-ledger.ts) before it deletes,
 *   and opening a store tombstones every id the ledger lists: a store restored from a copy older
 *   than an erasure gives the erased user no key, and never mints one.
 * - Deleted key bytes do not stay readable in the store's files where the engine allows it
 *   (SQLite: secure_delete and a WAL checkpoint; MongoDB: see the README's backup section).
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
