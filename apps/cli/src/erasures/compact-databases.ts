import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

/** The embedded databases that may hold personal data in clear (read models, search documents) or key bytes. */
const WITH_PERSONAL_DATA = ['read.sqlite', 'search.sqlite', 'keys.sqlite'];

/**
 * Rewrites each embedded database that may have held an erased person's data into a fresh file
 * (VACUUM) and empties its WAL, so no deleted row stays readable in a free page or an old WAL
 * frame. For the site stopped: VACUUM needs the file to itself.
 */
export function compactDatabases(dataDir: string, log: (line: string) => void): void {
  for (const name of WITH_PERSONAL_DATA) {
    const file = join(dataDir, name);
    if (!existsSync(file)) continue;
    const db = new Database(file, { fileMustExist: true, timeout: 10_000 });
    try {
      db.pragma('secure_delete = ON');
      db.exec('VACUUM');
      db.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      db.close();
    }
  }
  log('Compacted the embedded databases: no deleted row stays in a free page or the WAL.');
}
