import { sampleDocx, sampleZip } from '@app/testing';
import { zipEntryNames } from './zip-entries';

describe('zipEntryNames', () => {
  it('lists the central directory names in order', () => {
    expect(zipEntryNames(sampleDocx())).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
  });

  it('reads UTF-8 names and finds the end record behind an archive comment', () => {
    expect(zipEntryNames(sampleZip([{ name: 'résumé.txt', data: 'x' }], { comment: 'made by a test' }))).toEqual(['résumé.txt']);
  });

  it('reads an empty archive', () => expect(zipEntryNames(sampleZip([]))).toEqual([]));

  it('reads the ZIP64 end records', () => {
    expect(
      zipEntryNames(
        sampleZip(
          [
            { name: 'a.txt', data: 'hello' },
            { name: 'b.txt', data: 'world' },
          ],
          { zip64: true },
        ),
      ),
    ).toEqual(['a.txt', 'b.txt']);
  });

  it('refuses what is not a whole archive', () => {
    const archive = sampleZip([{ name: 'a.txt', data: 'hello' }]);
    expect(zipEntryNames(Buffer.alloc(0))).toBeNull();
    expect(zipEntryNames(Buffer.from('PK'))).toBeNull();
    expect(zipEntryNames(archive.subarray(0, archive.length - 1))).toBeNull();
  });

  it('reads an archive followed by other bytes, as archivers do', () => {
    const archive = sampleZip([{ name: 'a.txt', data: 'hello' }]);
    expect(zipEntryNames(Buffer.concat([archive, Buffer.from('trailing')]))).toEqual(['a.txt']);
  });

  it('refuses a directory that points outside the archive', () => {
    const archive = sampleZip([{ name: 'a.txt', data: 'hello' }]);
    const end = archive.length - 22;
    const corrupt = Buffer.from(archive);
    corrupt.writeUInt32LE(archive.length + 100, end + 16);
    expect(zipEntryNames(corrupt)).toBeNull();
    const tooMany = Buffer.from(archive);
    tooMany.writeUInt16LE(2, end + 8);
    tooMany.writeUInt16LE(2, end + 10);
    expect(zipEntryNames(tooMany)).toBeNull();
  });
});
