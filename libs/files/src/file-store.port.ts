import type { Readable } from 'node:stream';

/** SPEC §3 storage folders. */
export const STORAGE_FOLDERS = ['Images', 'Attachment', 'File', 'ProfilePictures'] as const;
export type StorageFolder = (typeof STORAGE_FOLDERS)[number];

/**
 * Uploaded bytes, addressed by folder and a name the caller generated (see generateStoredName).
 *
 * Guarantees every adapter keeps (file-store.contract.ts):
 * - `put` is atomic: a reader sees no file or the whole file, never a part; a second `put` under
 *   the same name replaces the first as a whole.
 * - `get` and `open` answer null and `delete` false for a name that is not there; `delete` is idempotent.
 * - `open` streams a file without holding it in memory; a stream opened before a `put` or `delete`
 *   of the same name still yields the bytes it was opened on (POSIX: an open file outlives its unlink).
 * - A folder outside STORAGE_FOLDERS, or a name that is not a plain file name (path separators,
 *   '..', a leading dot, anything beyond letters, digits, '.', '_' and '-'), is refused with a
 *   validation DomainError before any I/O.
 */
export interface FileStore {
  put(folder: StorageFolder, name: string, bytes: Buffer): Promise<void>;
  get(folder: StorageFolder, name: string): Promise<Buffer | null>;
  delete(folder: StorageFolder, name: string): Promise<boolean>;
  exists(folder: StorageFolder, name: string): Promise<boolean>;
  /** The file's size and a stream of its bytes (or of the inclusive byte range `start`..`end`), for downloads. */
  open(folder: StorageFolder, name: string): Promise<OpenedFile | null>;
}

export interface OpenedFile {
  size: number;
  modifiedAt: Date;
  /** The bytes, or those from `start` to `end` inclusive (HTTP Range semantics); call once; the stream closes the file. */
  stream(range?: { start: number; end: number }): Readable;
  /** Closes the file when no stream was taken. */
  close(): Promise<void>;
}
