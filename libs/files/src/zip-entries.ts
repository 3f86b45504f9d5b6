const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const ZIP64_END_OF_CENTRAL_DIRECTORY = 0x06064b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
const END_RECORD_LENGTH = 22;
const MAX_COMMENT_LENGTH = 0xffff;
const UTF8_NAMES_FLAG = 1 << 11;

interface CentralDirectory {
  offset: number;
  size: number;
  entries: number;
}

/**
 * The entry names of a zip archive, read from its central directory (APPNOTE.TXT §4.3), or null
 * when the bytes are not a well-formed single-disk archive. Nothing is decompressed.
 */
export function zipEntryNames(bytes: Buffer): string[] | null {
  const end = findEndRecord(bytes);
  if (end === null) return null;
  const directory = readDirectory(bytes, end);
  if (directory === null || directory.offset + directory.size > end) return null;

  const names: string[] = [];
  let position = directory.offset;
  for (let index = 0; index < directory.entries; index += 1) {
    if (position + 46 > end || bytes.readUInt32LE(position) !== CENTRAL_DIRECTORY_ENTRY) return null;
    const flags = bytes.readUInt16LE(position + 8);
    const nameLength = bytes.readUInt16LE(position + 28);
    const extraLength = bytes.readUInt16LE(position + 30);
    const commentLength = bytes.readUInt16LE(position + 32);
    const next = position + 46 + nameLength + extraLength + commentLength;
    if (next > end) return null;
    names.push(bytes.toString(flags & UTF8_NAMES_FLAG ? 'utf8' : 'latin1', position + 46, position + 46 + nameLength));
    position = next;
  }
  return names;
}

/** The end record sits last, followed only by its comment; scan back over a comment's maximum length. */
function findEndRecord(bytes: Buffer): number | null {
  const lowest = Math.max(0, bytes.length - END_RECORD_LENGTH - MAX_COMMENT_LENGTH);
  for (let position = bytes.length - END_RECORD_LENGTH; position >= lowest; position -= 1) {
    if (bytes.readUInt32LE(position) !== END_OF_CENTRAL_DIRECTORY) continue;
    const commentLength = bytes.readUInt16LE(position + 20);
    if (position + END_RECORD_LENGTH + commentLength === bytes.length) return position;
  }
  return null;
}

function readDirectory(bytes: Buffer, end: number): CentralDirectory | null {
  const disk = bytes.readUInt16LE(end + 4);
  const directoryDisk = bytes.readUInt16LE(end + 6);
  const entriesOnDisk = bytes.readUInt16LE(end + 8);
  const entries = bytes.readUInt16LE(end + 10);
  const size = bytes.readUInt32LE(end + 12);
  const offset = bytes.readUInt32LE(end + 16);
  if (entries === 0xffff || size === 0xffffffff || offset === 0xffffffff) return readZip64Directory(bytes, end);
  if (disk !== 0 || directoryDisk !== 0 || entriesOnDisk !== entries) return null;
  return { offset, size, entries };
}

function readZip64Directory(bytes: Buffer, end: number): CentralDirectory | null {
  const locator = end - 20;
  if (locator < 0 || bytes.readUInt32LE(locator) !== ZIP64_END_LOCATOR) return null;
  const record = safeNumber(bytes.readBigUInt64LE(locator + 8));
  if (record === null || record + 56 > locator || bytes.readUInt32LE(record) !== ZIP64_END_OF_CENTRAL_DIRECTORY) return null;
  const entries = safeNumber(bytes.readBigUInt64LE(record + 32));
  const size = safeNumber(bytes.readBigUInt64LE(record + 40));
  const offset = safeNumber(bytes.readBigUInt64LE(record + 48));
  if (entries === null || size === null || offset === null || offset + size > record) return null;
  return { offset, size, entries };
}

const safeNumber = (value: bigint): number | null => (value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : null);
