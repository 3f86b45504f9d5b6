import { mkdir, copyFile, writeFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { CliError } from '../cli-context';
import { listDataDir } from './data-dir-entries';
import { BACKUP_MANIFEST, type BackupManifest } from './backup-manifest';
import { isEmptyOrMissing, isInside } from './directories';

/** All remaining pages in one step: one read transaction, so the copy is one moment even while the site writes. */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies the data dir into `target` while the site runs: each SQLite database with SQLite's
 * online backup (a consistent snapshot, whatever is being written), then the other files.
 */
export async function backupDataDir(dataDir: string, target: string, log: (line: string) => void): Promise<BackupManifest> {
  if (isInside(target, dataDir)) throw new CliError(`The backup cannot go inside the data dir (${dataDir}).`);
  if (!(await isEmptyOrMissing(target))) throw new CliError(`${target} is not empty: back up into a new or empty directory.`);
  const { databases, files } = await listDataDir(dataDir);
  if (databases.length === 0) throw new CliError(`${dataDir} holds no database: is DATA_DIR right?`);
  await mkdir(target, { recursive: true });
  for (const database of databases) {
    const destination = join(target, database);
    await mkdir(dirname(destination), { recursive: true });
    const source = new Database(join(dataDir, database), { fileMustExist: true, timeout: 10_000 });
    try {
      await source.backup(destination, { progress: () => ALL_PAGES });
    } finally {
      source.close();
    }
    checkIntegrity(destination);
    log(`${database}: ${(await stat(destination)).size} bytes`);
  }
  let copied = 0;
  for (const file of files) {
    const destination = join(target, file);
    await mkdir(dirname(destination), { recursive: true });
    try {
      await copyFile(join(dataDir, file), destination);
      copied += 1;
    } catch (error) {
      // Deleted since it was listed (a file removed with its post, a mail sent): it is not part of the copy.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  log(`${copied} other files (uploads, mail, secrets)`);
  const manifest: BackupManifest = { format: 1, createdAt: new Date().toISOString(), databases, files };
  await writeFile(join(target, BACKUP_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Checks the copy, and leaves it one self-contained file (the site turns WAL back on when it opens it). */
function checkIntegrity(file: string): void {
  const copy = new Database(file, { fileMustExist: true });
  try {
    const result: unknown = copy.pragma('quick_check', { simple: true });
    if (result !== 'ok') throw new CliError(`The copy of ${file} failed its integrity check: ${String(result)}`);
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}
