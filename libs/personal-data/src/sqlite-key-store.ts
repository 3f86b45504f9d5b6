import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ErasureLedger } from './erasure-ledger';
import { KeyShreddedError, PERSONAL_DATA_KEY_BYTES, type KeyStore } from './key-store.port';

interface KeyRow {
  key: Buffer | null;
}

/**
 * Keys in their own SQLite file (`<dataDir>/keys.sqlite`), never in the event log's file: a backup
 * or copy of the events then holds no key. WAL and a busy timeout let the site and the operator
 * CLI use the file at the same time. Erasures go to the erasure ledger (`<dataDir>/erasure-ledger`)
 * first, and every open shreds what the ledger lists, so a restored older copy of this file gives
 * no erased person their key back.
 */
export class SqliteKeyStore implements KeyStore {
  private readonly insertIfMissing: Database.Statement<[string, Buffer, string]>;
  private readonly selectKey: Database.Statement<[string], KeyRow>;
  private readonly shred: Database.Statement<[{ accountId: string; now: string }]>;

  private constructor(
    private readonly db: Database.Database,
    private readonly ledger: ErasureLedger,
  ) {
    db.pragma('journal_mode = WAL');
    // FULL, like the event log: a key is not derivable from anything, and a sealed event whose key
    // a power cut lost could never be opened again.
    db.pragma('synchronous = FULL');
    db.pragma('busy_timeout = 5000');
    // A deleted key's bytes are overwritten with zeros in the file, not left in a free page.
    db.pragma('secure_delete = ON');
    db.exec(`CREATE TABLE IF NOT EXISTS personal_data_keys (
      account_id   TEXT PRIMARY KEY,
      key         BLOB,
      created_at  TEXT NOT NULL,
      shredded_at TEXT
    ) STRICT`);
    this.insertIfMissing = db.prepare('INSERT OR IGNORE INTO personal_data_keys (account_id, key, created_at) VALUES (?, ?, ?)');
    this.selectKey = db.prepare('SELECT key FROM personal_data_keys WHERE account_id = ?');
    // A tombstone: the row stays with no key, so get-or-create never mints a fresh key for an erased subject.
    this.shred = db.prepare(`INSERT INTO personal_data_keys (account_id, key, created_at, shredded_at) VALUES (@accountId, NULL, @now, @now)
      ON CONFLICT (account_id) DO UPDATE SET key = NULL, shredded_at = excluded.shredded_at WHERE key IS NOT NULL`);
    this.applyLedger();
  }

  static open(dataDir: string, ledger: ErasureLedger = ErasureLedger.inDataDir(dataDir)): SqliteKeyStore {
    mkdirSync(dataDir, { recursive: true });
    return new SqliteKeyStore(new Database(join(dataDir, 'keys.sqlite')), ledger);
  }

  async getOrCreateKey(accountId: string): Promise<Buffer> {
    // Whoever inserts first wins; everyone then reads the winner's key.
    this.insertIfMissing.run(accountId, randomBytes(PERSONAL_DATA_KEY_BYTES), new Date().toISOString());
    const row = this.selectKey.get(accountId);
    if (!row?.key) throw new KeyShreddedError(accountId);
    return row.key;
  }

  async getKey(accountId: string): Promise<Buffer | null> {
    return this.selectKey.get(accountId)?.key ?? null;
  }

  async deleteKey(accountId: string): Promise<void> {
    this.ledger.record(accountId);
    this.shred.run({ accountId, now: new Date().toISOString() });
    this.truncateWal();
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }

  /** Tombstones every id of the ledger that a restored copy may still hold a key for (or no row at all). */
  private applyLedger(): void {
    const now = new Date().toISOString();
    const erased = this.ledger.entries();
    if (erased.length === 0) return;
    const changes = this.db.transaction(() => erased.reduce((sum, { accountId }) => sum + this.shred.run({ accountId, now }).changes, 0))();
    if (changes > 0) this.truncateWal();
  }

  /**
   * The WAL still holds the page with the key as it was before the delete: copy the zeroed page
   * into the database and empty the WAL. Best effort: a reader of the other process (site or CLI)
   * may hold it back until its next erasure or open.
   */
  private truncateWal(): void {
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }
}
