import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The ledger's file in DATA_DIR. The backup copies it; a restore merges it back, never replaces it. */
export const ERASURE_LEDGER_FILE = 'erasure-ledger';

export interface Erasure {
  accountId: string;
  erasedAt: string;
}

/** An opaque account id: one token, no blanks (a line of the ledger is `<time> <id>`). */
const ACCOUNT_ID = /^[^\s]{1,200}$/;

/**
 * Every erasure, for good: one line per erased account, `<ISO time> <account id>`, appended and
 * synced before the key is deleted. It holds nothing personal (the id is a random UUID), so it
 * may outlive every backup; a restore of any age merges it back and re-applies it (the key store
 * shreds every listed id when it opens, `reapplyErasures` re-erases the restored log), so no
 * restored copy brings an erased person back.
 */
export class ErasureLedger {
  constructor(readonly file: string) {}

  static inDataDir(dataDir: string): ErasureLedger {
    return new ErasureLedger(join(dataDir, ERASURE_LEDGER_FILE));
  }

  /** Appends the erasure and syncs it to disk; recording an id twice is harmless. */
  record(accountId: string, at: Date = new Date()): void {
    if (!ACCOUNT_ID.test(accountId)) throw new Error(`Not an account id: '${accountId}'.`);
    mkdirSync(dirname(this.file), { recursive: true });
    const fd = openSync(this.file, 'a');
    try {
      writeSync(fd, `${at.toISOString()} ${accountId}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }

  /** Every erasure recorded, oldest first, once per account; none when the file does not exist. */
  entries(): Erasure[] {
    return parseLedger(this.read());
  }

  accountIds(): Set<string> {
    return new Set(this.entries().map((entry) => entry.accountId));
  }

  /** Adds the erasures of other ledgers (a backup's, an operator's off-site copy) to this one, atomically. */
  merge(others: Erasure[]): number {
    const known = this.entries();
    const ids = new Set(known.map((entry) => entry.accountId));
    const added = dedupe(others).filter((entry) => !ids.has(entry.accountId));
    if (added.length === 0) return 0;
    const all = [...known, ...added].sort((a, b) => a.erasedAt.localeCompare(b.erasedAt));
    const partial = `${this.file}.partial`;
    writeFileSync(partial, all.map((entry) => `${entry.erasedAt} ${entry.accountId}\n`).join(''), { flush: true });
    renameSync(partial, this.file);
    return added.length;
  }

  private read(): string {
    try {
      return readFileSync(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
      throw error;
    }
  }
}

/** A torn last line (a crash while appending) is skipped, or names at worst an id nobody has; its key was not deleted yet. */
export function parseLedger(text: string): Erasure[] {
  const entries: Erasure[] = [];
  for (const line of text.split('\n')) {
    const [erasedAt, accountId, ...rest] = line.trim().split(' ');
    if (!accountId || rest.length > 0 || Number.isNaN(Date.parse(erasedAt))) continue;
    entries.push({ erasedAt, accountId });
  }
  return dedupe(entries);
}

function dedupe(entries: Erasure[]): Erasure[] {
  const seen = new Set<string>();
  return entries.filter((entry) => !seen.has(entry.accountId) && seen.add(entry.accountId));
}
