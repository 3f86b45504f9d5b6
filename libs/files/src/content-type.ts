import { isUtf8 } from 'node:buffer';
import { filetypeinfo } from 'magic-bytes.js';
import { zipEntryNames } from './zip-entries';

/** The extensions whose content this module can vouch for (SPEC §9 images, attachments, documents). */
export const CHECKED_EXTENSIONS = ['jpg', 'jpeg', 'png', 'pdf', 'doc', 'docx', 'zip', 'txt'] as const;
export type CheckedExtension = (typeof CHECKED_EXTENSIONS)[number];

export type FileKindRefusal = 'empty' | 'unsupported-extension' | 'content-mismatch';

export type FileKind = { ok: true; extension: CheckedExtension } | { ok: false; reason: FileKindRefusal };

const isChecked = (extension: string): extension is CheckedExtension => (CHECKED_EXTENSIONS as readonly string[]).includes(extension);

/** magic-bytes.js type names that prove each binary extension. */
const MAGIC_TYPE: Record<Exclude<CheckedExtension, 'txt'>, string> = {
  jpg: 'jpg',
  jpeg: 'jpg',
  png: 'png',
  pdf: 'pdf',
  doc: 'doc', // OLE2 compound file, D0 CF 11 E0 A1 B1 1A E1
  docx: 'zip',
  zip: 'zip',
};

/**
 * Checks that an upload is what its name says. The declared extension picks the one test the
 * bytes must pass; a name without a checked extension, or content of another kind, is refused.
 * The answer is the extension to store the file under, lower-cased.
 */
export function detectFileKind(bytes: Buffer, fileName: string): FileKind {
  const extension = declaredExtension(fileName);
  if (!isChecked(extension)) return { ok: false, reason: 'unsupported-extension' };
  if (bytes.length === 0) return { ok: false, reason: 'empty' };
  return contentMatches(bytes, extension) ? { ok: true, extension } : { ok: false, reason: 'content-mismatch' };
}

function contentMatches(bytes: Buffer, extension: CheckedExtension): boolean {
  if (extension === 'txt') return isPlainText(bytes);
  const magic = filetypeinfo(bytes).map((guess) => guess.typename);
  if (!magic.includes(MAGIC_TYPE[extension])) return false;
  if (extension === 'zip') return zipEntryNames(bytes) !== null;
  if (extension === 'docx') return isWordDocument(zipEntryNames(bytes));
  return true;
}

/** Text: valid UTF-8 (ASCII included, a BOM allowed) with no NUL byte, which no text editor writes. */
const isPlainText = (bytes: Buffer): boolean => !bytes.includes(0) && isUtf8(bytes);

/** An Office Open XML word-processing package: the package manifest and the `word/` part folder. */
const isWordDocument = (names: string[] | null): boolean =>
  names !== null && names.includes('[Content_Types].xml') && names.some((name) => name.startsWith('word/'));

function declaredExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0
    ? ''
    : fileName
        .slice(dot + 1)
        .trim()
        .toLowerCase();
}
