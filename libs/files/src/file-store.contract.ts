import { randomBytes } from 'node:crypto';
import { DomainError } from '@app/domain';
import { STORAGE_FOLDERS, type FileStore, type StorageFolder } from './file-store.port';
import { generateStoredName } from './stored-file-name';

const BAD_NAMES = [
  '',
  '.',
  '..',
  '../escape.png',
  'a/b.png',
  'a\\b.png',
  '..png',
  'x..y',
  '.hidden',
  'nul\0.png',
  'spa ce.png',
  'c:evil',
  'x'.repeat(256),
];

/**
 * The one suite every FileStore adapter passes. `makeStore` is called before each test; names are
 * fresh per test, so adapters may share storage between tests.
 */
export function describeFileStoreContract(name: string, makeStore: () => FileStore | Promise<FileStore>): void {
  describe(`FileStore contract: ${name}`, () => {
    let store: FileStore;

    beforeEach(async () => {
      store = await makeStore();
    });

    it('gives back exactly the bytes it was given, every byte value included', async () => {
      const bytes = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, value) => value)), randomBytes(70_000)]);
      const stored = generateStoredName('bin');
      await store.put('Attachment', stored, bytes);
      expect((await store.get('Attachment', stored))?.equals(bytes)).toBe(true);
    });

    it('stores an empty file', async () => {
      const stored = generateStoredName('txt');
      await store.put('File', stored, Buffer.alloc(0));
      expect(await store.exists('File', stored)).toBe(true);
      expect((await store.get('File', stored))?.length).toBe(0);
    });

    it('answers null and false for a name that is not there', async () => {
      const stored = generateStoredName('png');
      expect(await store.get('Images', stored)).toBeNull();
      expect(await store.exists('Images', stored)).toBe(false);
      expect(await store.delete('Images', stored)).toBe(false);
    });

    it('replaces a file put again under the same name', async () => {
      const stored = generateStoredName('txt');
      await store.put('File', stored, Buffer.from('first version, longer'));
      await store.put('File', stored, Buffer.from('second'));
      expect((await store.get('File', stored))?.toString()).toBe('second');
    });

    it('deletes, once', async () => {
      const stored = generateStoredName('png');
      await store.put('ProfilePictures', stored, Buffer.from('picture'));
      expect(await store.exists('ProfilePictures', stored)).toBe(true);
      expect(await store.delete('ProfilePictures', stored)).toBe(true);
      expect(await store.exists('ProfilePictures', stored)).toBe(false);
      expect(await store.get('ProfilePictures', stored)).toBeNull();
      expect(await store.delete('ProfilePictures', stored)).toBe(false);
    });

    it('keeps the folders apart', async () => {
      const stored = generateStoredName('png');
      for (const folder of STORAGE_FOLDERS) await store.put(folder, stored, Buffer.from(folder));
      for (const folder of STORAGE_FOLDERS) expect((await store.get(folder, stored))?.toString()).toBe(folder);
      await store.delete('Images', stored);
      expect(await store.exists('Images', stored)).toBe(false);
      expect(await store.exists('File', stored)).toBe(true);
    });

    it('never shows a partial file while concurrent puts race on one name', async () => {
      const stored = generateStoredName('bin');
      const versions = [randomBytes(2_000_000), randomBytes(1_000_000), randomBytes(3_000_000)];
      const seen: Array<Buffer | null> = [];
      const writes = Promise.all(versions.map((bytes) => store.put('Attachment', stored, bytes)));
      let done = false;
      void writes.finally(() => (done = true));
      while (!done) {
        seen.push(await store.get('Attachment', stored));
      }
      await writes;
      seen.push(await store.get('Attachment', stored));
      for (const read of seen) {
        if (read !== null) expect(versions.some((version) => version.equals(read))).toBe(true);
      }
      expect(seen.at(-1)).not.toBeNull();
    });

    it.each(BAD_NAMES)('refuses the name %j in every operation', async (bad) => {
      const refused = expect.objectContaining({ kind: 'validation' });
      await expect(store.put('Images', bad, Buffer.from('x'))).rejects.toEqual(refused);
      await expect(store.get('Images', bad)).rejects.toEqual(refused);
      await expect(store.exists('Images', bad)).rejects.toEqual(refused);
      await expect(store.delete('Images', bad)).rejects.toEqual(refused);
      await expect(store.get('Images', bad)).rejects.toBeInstanceOf(DomainError);
    });

    it('opens a file as a stream, whole or a byte range, and null for a name that is not there', async () => {
      const bytes = randomBytes(100_000);
      const stored = generateStoredName('bin');
      await store.put('Attachment', stored, bytes);
      const read = async (range?: { start: number; end: number }) => {
        const file = await store.open('Attachment', stored);
        expect(file?.size).toBe(bytes.length);
        const chunks: Buffer[] = [];
        for await (const chunk of file!.stream(range)) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      };
      expect((await read()).equals(bytes)).toBe(true);
      expect((await read({ start: 10, end: 19 })).equals(bytes.subarray(10, 20))).toBe(true);
      expect((await read({ start: 99_999, end: 99_999 })).equals(bytes.subarray(99_999))).toBe(true);
      expect(await store.open('Attachment', generateStoredName('bin'))).toBeNull();
      const unused = await store.open('Attachment', stored);
      await unused?.close();
    });

    it('refuses a folder that is not a storage folder', async () => {
      await expect(store.put('../Images' as StorageFolder, generateStoredName('png'), Buffer.from('x'))).rejects.toBeInstanceOf(
        DomainError,
      );
      await expect(store.get('Secrets' as StorageFolder, generateStoredName('png'))).rejects.toBeInstanceOf(DomainError);
    });
  });
}
