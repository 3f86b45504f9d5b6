import { detectFileKind } from './content-type';
import { sampleDocx, sampleJpeg, sampleOle2Doc, samplePdf, samplePng, sampleZip } from '@app/testing';

const zip = sampleZip([{ name: 'src/main.c', data: 'int main(void) { return 0; }\n' }]);
const text = Buffer.from('Notes for the editor: café, naïve, 日本語, 🚀\r\nSecond line.\n', 'utf8');
const windowsExecutable = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('This program cannot be run in DOS mode.')]);

const accepted = (extension: string) => ({ ok: true, extension });
const refused = (reason: string) => ({ ok: false, reason });

describe('detectFileKind', () => {
  it.each([
    ['photo.png', samplePng(), 'png'],
    ['photo.jpg', sampleJpeg(), 'jpg'],
    ['photo.jpeg', sampleJpeg(), 'jpeg'],
    ['PHOTO.JPG', sampleJpeg(), 'jpg'],
    ['paper.pdf', samplePdf(), 'pdf'],
    ['essay.doc', sampleOle2Doc(), 'doc'],
    ['essay.docx', sampleDocx(), 'docx'],
    ['code.zip', zip, 'zip'],
    ['essay-as-archive.zip', sampleDocx(), 'zip'],
    ['notes.txt', text, 'txt'],
    ['bom.txt', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('with a BOM')]), 'txt'],
    ['my.holiday.photo.png', samplePng(), 'png'],
  ])('accepts %s', (name, bytes, extension) => expect(detectFileKind(bytes, name)).toEqual(accepted(extension)));

  it.each([
    ['a PNG named .jpg', 'photo.jpg', samplePng()],
    ['a JPEG named .png', 'photo.png', sampleJpeg()],
    ['a PDF named .docx', 'essay.docx', samplePdf()],
    ['a plain zip named .docx', 'essay.docx', zip],
    ['a .doc named .docx', 'essay.docx', sampleOle2Doc()],
    ['a .docx named .doc', 'essay.doc', sampleDocx()],
    ['an executable named .pdf', 'paper.pdf', windowsExecutable],
    ['an executable named .zip', 'code.zip', windowsExecutable],
    ['a PNG named .txt', 'notes.txt', samplePng()],
    ['text with a NUL byte', 'notes.txt', Buffer.from('abc\0def')],
    ['Latin-1 text (not UTF-8)', 'notes.txt', Buffer.from('caf\xe9', 'latin1')],
    ['text named .pdf', 'paper.pdf', text],
    ['a zip cut short', 'code.zip', zip.subarray(0, zip.length - 10)],
    ['a docx cut short', 'essay.docx', sampleDocx().subarray(0, 200)],
    ['only a zip signature', 'code.zip', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0])],
  ])('refuses %s as a content mismatch', (_why, name, bytes) => expect(detectFileKind(bytes, name)).toEqual(refused('content-mismatch')));

  it.each(['animation.gif', 'script.js', 'program.exe', 'README', 'archive.tar.gz', 'page.html'])('refuses the extension of %s', (name) =>
    expect(detectFileKind(Buffer.from('GIF89a'), name)).toEqual(refused('unsupported-extension')),
  );

  it('refuses an empty file', () => {
    expect(detectFileKind(Buffer.alloc(0), 'notes.txt')).toEqual(refused('empty'));
    expect(detectFileKind(Buffer.alloc(0), 'photo.png')).toEqual(refused('empty'));
  });
});
