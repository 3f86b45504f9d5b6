import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { FileStore, OpenedFile, StorageFolder } from './file-store.port';
import { assertStorageFolder, assertStoredFileLocation } from './stored-file-name';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/**
 * FileStore on the local disk: `<dataDir>/files/<folder>/<name>`. Writes go to a dot-named temp
 * file in the same folder (stored names never start with a dot), are flushed, then renamed over
 * the target, which POSIX makes atomic.
 */
export class LocalFileStore implements FileStore {
  private readonly root: string;

  constructor(options: { dataDir: string }) {
    this.root = resolve(options.dataDir, 'files');
  }

  /** Where a folder's files live, e.g. for serving /ProfilePictures/{name} statically. */
  directoryOf(folder: StorageFolder): string {
    assertStorageFolder(folder);
    return join(this.root, folder);
  }

  async put(folder: StorageFolder, name: string, bytes: Buffer): Promise<void> {
    const target = this.pathOf(folder, name);
    await mkdir(join(this.root, folder), { recursive: true });
    const temp = join(this.root, folder, `.tmp-${randomUUID()}`);
    try {
      const handle = await open(temp, 'wx');
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, target);
      // The rename is durable once the directory is synced: an acknowledged upload survives a power cut.
      const directory = await open(join(this.root, folder), 'r');
      try {
        await directory.sync();
      } finally {
        await directory.close();
      }
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async get(folder: StorageFolder, name: string): Promise<Buffer | null> {
    const path = this.pathOf(folder, name);
    try {
      return await readFile(path);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(folder: StorageFolder, name: string): Promise<boolean> {
    const path = this.pathOf(folder, name);
    try {
      await unlink(path);
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async exists(folder: StorageFolder, name: string): Promise<boolean> {
    const path = this.pathOf(folder, name);
    try {
      return (await stat(path)).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async open(folder: StorageFolder, name: string): Promise<OpenedFile | null> {
    const path = this.pathOf(folder, name);
    let handle;
    try {
      handle = await open(path, 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    const file = handle;
    const stats = await file.stat();
    return {
      size: stats.size,
      modifiedAt: stats.mtime,
      // The handle, not the path: a put (rename) or delete of the name meanwhile cannot change what it reads.
      stream: (range) => file.createReadStream(range ? { start: range.start, end: range.end } : {}),
      close: () => file.close(),
    };
  }

  private pathOf(folder: StorageFolder, name: string): string {
    assertStoredFileLocation(folder, name);
    return join(this.root, folder, name);
  }
}
