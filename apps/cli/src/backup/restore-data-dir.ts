import { copyFile, mkdir, readdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { CliError } from '../cli-context';
import { readBackupManifest } from './backup-manifest';
import { listDataDir } from './data-dir-entries';
import { isEmptyOrMissing, isInside } from './directories';

/**
 * Puts a backup (backupDataDir) into the data dir. The data dir must be empty, or `force` must
 * be given; either way no process may have one of its databases open (the site, its worker).
 */
export async function restoreDataDir(backupDir: string, dataDir: string, force: boolean, log: (line: string) => void): Promise<void> {
  const manifest = await readBackupManifest(backupDir);
  if (isInside(dataDir, backupDir) || isInside(backupDir, dataDir)) throw new CliError('The backup and the data dir must be apart.');
  if (!(await isEmptyOrMissing(dataDir))) {
    if (!force) throw new CliError(`${dataDir} is not empty: restore into an empty DATA_DIR, or add --force to replace its contents.`);
    const { databases } = await listDataDir(dataDir);
    for (const database of databases) assertNotInUse(join(dataDir, database));
    for (const entry of await readdir(dataDir)) await rm(join(dataDir, entry), { recursive: true, force: true });
  }
  for (const path of [...manifest.databases, ...manifest.files]) {
    const destination = join(dataDir, path);
    await mkdir(dirname(destination), { recursive: true });
    await copyFile(join(backupDir, path), destination);
  }
  log(`Restored ${manifest.databases.length} databases and ${manifest.files.length} other files from the backup of ${manifest.createdAt}.`);
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
