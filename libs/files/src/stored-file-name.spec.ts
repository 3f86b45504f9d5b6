import { DomainError } from '@app/domain';
import { assertStoredFileLocation, generateStoredName, isStoredFileName } from './stored-file-name';

describe('generateStoredName', () => {
  it('is a random UUID with the extension, lower-cased', () => {
    const name = generateStoredName('PNG');
    expect(name).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.png$/);
    expect(generateStoredName('.pdf')).toMatch(/\.pdf$/);
    expect(generateStoredName('png')).not.toBe(generateStoredName('png'));
    expect(isStoredFileName(name)).toBe(true);
  });

  it.each(['', 'p/g', '../x', 'tar.gz', 'verylongextension'])('refuses the extension %j', (extension) =>
    expect(() => generateStoredName(extension)).toThrow(DomainError),
  );
});

describe('assertStoredFileLocation', () => {
  it('accepts a storage folder and a plain name', () => expect(() => assertStoredFileLocation('Images', 'a_b-c.1.png')).not.toThrow());

  it.each([
    ['Images', '../a.png'],
    ['Images', 'a/b.png'],
    ['Images', '.tmp-123'],
    ['images', 'a.png'],
    ['Other', 'a.png'],
  ])('refuses %s / %s', (folder, name) =>
    expect(() => assertStoredFileLocation(folder, name)).toThrow(expect.objectContaining({ kind: 'validation' })),
  );
});
