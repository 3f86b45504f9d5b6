/** SPEC §3 storage folders. */
export const STORAGE_FOLDERS = ['Images', 'Attachment', 'File', 'ProfilePictures'] as const;
export type StorageFolder = (typeof STORAGE_FOLDERS)[number];

/**
 * Uploaded bytes, addressed by folder and a name the caller generated (see generateStoredName).
 *
 * Guarantees every adapter keeps (file-store.contract.ts):
 * - `put` is atomic: a reader sees no file or the whole file, never a part; a second `put` under
 *   the same name replaces the first as a whole.
 * - `get` answers null and `delete` false for a name that is not there; `delete` is idempotent.
 * - A folder outside STORAGE_FOLDERS, or a name that is not a plain file name (path separators,
 *   '..', a leading dot, anything beyond letters, digits, '.', '_' and '-'), is refused with a
 *   validation DomainError before any I/O.
 */
export interface FileStore {
  put(folder: StorageFolder, name: string, bytes: Buffer): Promise<void>;
  get(folder: StorageFolder, name: string): Promise<Buffer | null>;
  delete(folder: StorageFolder, name: string): Promise<boolean>;
  exists(folder: StorageFolder, name: string): Promise<boolean>;
}
