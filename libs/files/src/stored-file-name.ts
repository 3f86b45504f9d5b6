import { randomUUID } from 'node:crypto';
import { validationError } from '@app/domain';
import { STORAGE_FOLDERS, type StorageFolder } from './file-store.port';

/** Letters, digits, '.', '_' and '-', not starting with a dot: never a path, never a hidden or temp file. */
const STORED_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,254}$/;
const EXTENSION = /^[a-z0-9]{1,10}$/;

export const isStoredFileName = (name: string): boolean => STORED_NAME.test(name) && !name.includes('..');

export function assertStorageFolder(folder: string): asserts folder is StorageFolder {
  if (!(STORAGE_FOLDERS as readonly string[]).includes(folder)) throw validationError('Storage folder is invalid.');
}

/** Refuses what could escape the folder or clash with an adapter's own files. */
export function assertStoredFileLocation(folder: string, name: string): asserts folder is StorageFolder {
  assertStorageFolder(folder);
  if (!isStoredFileName(name)) throw validationError('File name is invalid.');
}

/** A fresh unguessable name keeping the checked extension, e.g. `3f2b…-9c1d.png`. */
export function generateStoredName(extension: string): string {
  const ext = extension.replace(/^\./, '').toLowerCase();
  if (!EXTENSION.test(ext)) throw validationError('File extension is invalid.');
  return `${randomUUID()}.${ext}`;
}
