import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeFileStoreContract } from './file-store.contract';
import { LocalFileStore } from './local-file-store';
import { generateStoredName } from './stored-file-name';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'file-store-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describeFileStoreContract('local folder', () => new LocalFileStore({ dataDir: tempDir() }));

describe('LocalFileStore', () => {
  let dataDir: string;
  let store: LocalFileStore;
  beforeEach(() => {
    dataDir = tempDir();
    store = new LocalFileStore({ dataDir });
  });

  it('keeps files at <dataDir>/files/<folder>/<name>, and nothing else there', async () => {
    const stored = generateStoredName('png');
    await store.put('Images', stored, Buffer.from('png bytes'));
    await store.put('Images', stored, Buffer.from('png bytes, again'));
    expect(readFileSync(join(dataDir, 'files', 'Images', stored), 'utf8')).toBe('png bytes, again');
    expect(readdirSync(join(dataDir, 'files', 'Images'))).toEqual([stored]);
    expect(store.directoryOf('Images')).toBe(join(dataDir, 'files', 'Images'));
  });

  it('creates no folder until something is stored', async () => {
    expect(await store.exists('File', generateStoredName('pdf'))).toBe(false);
    expect(existsSync(join(dataDir, 'files'))).toBe(false);
  });

  it('leaves no temp file behind when a write fails', async () => {
    const stored = generateStoredName('pdf');
    // A directory in the way makes the final rename fail after the bytes were written.
    mkdirSync(join(dataDir, 'files', 'File', stored), { recursive: true });
    writeFileSync(join(dataDir, 'files', 'File', stored, 'occupant'), 'x');
    await expect(store.put('File', stored, Buffer.from('%PDF-1.4'))).rejects.toThrow();
    expect(readdirSync(join(dataDir, 'files', 'File'))).toEqual([stored]);
  });

  it('does not treat a directory as a stored file', async () => {
    const stored = generateStoredName('zip');
    mkdirSync(join(dataDir, 'files', 'Attachment', stored), { recursive: true });
    expect(await store.exists('Attachment', stored)).toBe(false);
  });
});
