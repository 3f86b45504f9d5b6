import { unzipSync } from 'fflate';

/**
 * The entry names of a zip archive, read from its central directory by fflate, or null when the
 * bytes are not a well-formed archive. Nothing is decompressed: every entry is filtered out once
 * its name is known. fflate does not bound the directory by the buffer, and an entry read from
 * outside it has an empty name, which no archiver writes: that refuses the archive too.
 */
export function zipEntryNames(bytes: Buffer): string[] | null {
  const names: string[] = [];
  try {
    unzipSync(bytes, {
      filter: (entry) => {
        names.push(entry.name);
        return false;
      },
    });
  } catch {
    return null;
  }
  return names.includes('') ? null : names;
}
