import { copyFile, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { ERASURE_LEDGER_FILE, ErasureLedger, parseLedger } from '@app/personal-data';
import { CliError } from '../cli-context';
import { readBackupManifest } from './backup-manifest';
import { listDataDir } from './data-dir-entries';
import { isEmptyOrMissing, isInside } from './directories';

/**
 * Puts a backup (backupDataDir) into the data dir. The data dir must be empty, or `force` must
 * be given; either way no process may have one of its databases open (the site, its worker).
 * The erasure ledger is never replaced: the data dir keeps its own, and the backup's erasures
 * (and those of `extraLedgers`, copies the operator keeps apart) are merged into it; the
 * caller re-applies it (reapplyErasures) before the site starts.
 */
export async function restoreDataDir(
  backupDir: string,
  dataDir: string,
  force: boolean,
  log: (line: string) => void,
  extraLedgers: string[] = [],
): Promise<void> {
  const manifest = await readBackupManifest(backupDir);
  if (isInside(dataDir, backupDir) || isInside(backupDir, dataDir)) throw new CliError('The backup and the data dir must be apart.');
  const ledgers = [...(manifest.files.includes(ERASURE_LEDGER_FILE) ? [join(backupDir, ERASURE_LEDGER_FILE)] : []), ...extraLedgers];
  const erasures = (await Promise.all(ledgers.map((file) => readLedger(file)))).flat();
  // A data dir that holds only its erasure ledger counts as empty: the ledger is never replaced anyway.
  if (!(await isEmptyOrMissing(dataDir, [ERASURE_LEDGER_FILE]))) {
    if (!force) throw new CliError(`${dataDir} is not empty: restore into an empty DATA_DIR, or add --force to replace its contents.`);
    const { databases } = await listDataDir(dataDir);
    for (const database of databases) assertNotInUse(join(dataDir, database));
    for (const entry of await readdir(dataDir)) {
      if (entry !== ERASURE_LEDGER_FILE) await rm(join(dataDir, entry), { recursive: true, force: true });
    }
  }
  for (const path of [...manifest.databases, ...manifest.files.filter((file) => file !== ERASURE_LEDGER_FILE)]) {
    const destination = join(dataDir, path);
    await mkdir(dirname(destination), { recursive: true });
    await copyFile(join(backupDir, path), destination);
  }
  log(`Restored ${manifest.databases.length} databases and ${manifest.files.length} other files from the backup of ${manifest.createdAt}.`);
  const ledger = ErasureLedger.inDataDir(dataDir);
  const added = ledger.merge(erasures);
  log(`Erasure ledger kept: ${ledger.entries().length} erasures (${added} merged from the backup and the ledgers given).`);
}

async function readLedger(file: string) {
  try {
    return parseLedger(await readFile(file, 'utf8'));
  } catch (error) {
    throw new CliError(`Cannot read the erasure ledger ${file}: ${(error as Error).message}`);
  }
}

/**
 * A database the site has open cannot be replaced under it. Every process that opens it in WAL
 * mode holds a shared lock on it as long as it is open, so an exclusive lock is refused at once.
 */
function assertNotInUse(file: string): void {
  const db = new Database(file, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('ROLLBACK');
  } catch (error) {
    if (error instanceof Database.SqliteError && error.code.startsWith('SQLITE_BUSY')) {
      throw new CliError(`${file} is in use: stop the site (and its worker) before restoring over its data.`);
    }
    throw error;
  } finally {
    db.close();
  }
}
