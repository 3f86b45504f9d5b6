import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/** SQLite's side files: the online backup copies their committed content into the database copy. */
const SQLITE_SIDE_FILE = /\.sqlite-(wal|shm|journal)$/;
/** Files being written (LocalFileStore writes `.tmp-<uuid>` and renames it when complete). */
const IN_PROGRESS = /(^|\/)\.tmp-[^/]*$/;

export interface DataDirEntries {
  /** Embedded databases, relative paths, in the order they must be copied (see `copyOrder`). */
  databases: string[];
  /** Every other file: uploaded files, outgoing mail, generated secrets. */
  files: string[];
}

/** Every regular file under `dir` (relative, with `/`), databases apart. */
export async function listDataDir(dir: string): Promise<DataDirEntries> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const paths = entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => !SQLITE_SIDE_FILE.test(path) && !IN_PROGRESS.test(path))
    .sort();
  const databases = paths.filter((path) => path.endsWith('.sqlite'));
  return {
    databases: [...databases].sort((a, b) => copyOrder(a) - copyOrder(b)),
    files: paths.filter((path) => !path.endsWith('.sqlite')),
  };
}

/**
 * The databases are copied one after the other while the site writes, so each copy is a moment a
 * little later than the one before. Copying what is derived from the log (read models, search,
 * the queue the reactors fill) before the log, and the keys and files after it, makes the copy
 * consistent as a whole: no projection checkpoint is ahead of the copied log (projections catch up
 * at start), and every sealed event and file event of the copied log finds its key and its file.
 */
function copyOrder(path: string): number {
  if (path === 'events.sqlite') return 1;
  if (path === 'keys.sqlite') return 2;
  return 0;
}
