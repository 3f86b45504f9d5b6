import { crc32, deflateRawSync, deflateSync } from 'node:zlib';

/** Real, minimal files of each kind, assembled byte by byte from their specifications, for the tests. */

const u16 = (value: number) => {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16LE(value);
  return bytes;
};
const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value >>> 0);
  return bytes;
};
const u64 = (value: number) => {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64LE(BigInt(value));
  return bytes;
};

/** A 1x1 red RGB PNG: signature, IHDR, a zlib IDAT of one filtered scanline, IEND (PNG spec §5). */
export function samplePng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typeAndData));
    return Buffer.concat([length, typeAndData, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * An 8x8 mid-grey baseline JPEG (ITU T.81): JFIF APP0, a flat quantisation table, one-code
 * Huffman tables for DC category 0 and AC end-of-block, and a scan of those two codes.
 */
export function sampleJpeg(): Buffer {
  const segment = (marker: number, data: number[]) =>
    Buffer.from([0xff, marker, (data.length + 2) >> 8, (data.length + 2) & 0xff, ...data]);
  const oneCodeTable = (tableClass: number) => [(tableClass << 4) | 0, 1, ...Array<number>(15).fill(0), 0x00];
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, [...Buffer.from('JFIF\0', 'ascii'), 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    segment(0xdb, [0x00, ...Array<number>(64).fill(1)]),
    segment(0xc0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0]),
    segment(0xc4, oneCodeTable(0)),
    segment(0xc4, oneCodeTable(1)),
    segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    Buffer.from([0x3f]), // DC code '0' + EOB code '0', padded with 1 bits
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** A one-page PDF 1.4 with a correct cross-reference table (ISO 32000 §7.5). */
export function samplePdf(): Buffer {
  const content = 'BT /F1 12 Tf 20 50 Td (Hello, PDF) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The 512-byte header of an OLE2 compound file (MS-CFB §2.2), as .doc files begin. */
export function sampleOle2Doc(): Buffer {
  const header = Buffer.alloc(512, 0);
  header.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], 0);
  header.writeUInt16LE(0x003e, 24); // minor version
  header.writeUInt16LE(0x0003, 26); // major version 3: 512-byte sectors
  header.writeUInt16LE(0xfffe, 28); // byte order
  header.writeUInt16LE(9, 30); // sector shift
  header.writeUInt16LE(6, 32); // mini sector shift
  header.writeUInt32LE(1, 44); // FAT sectors
  header.writeUInt32LE(0xfffffffe, 48); // first directory sector: end of chain
  header.writeUInt32LE(0x1000, 56); // mini stream cutoff
  header.writeUInt32LE(0xfffffffe, 60);
  header.writeUInt32LE(0xfffffffe, 68);
  header.writeUInt32LE(0, 76); // DIFAT[0]: the FAT is sector 0
  header.fill(0xff, 80);
  const fat = Buffer.alloc(512, 0xff);
  fat.writeUInt32LE(0xfffffffd, 0); // sector 0 is a FAT sector
  return Buffer.concat([header, fat]);
}

export interface ZipOptions {
  comment?: string;
  /** Writes the ZIP64 end records, as archivers do for huge archives. */
  zip64?: boolean;
}

/** A deflate zip archive (APPNOTE.TXT §4.3): local headers, central directory, end record. */
export function sampleZip(entries: ReadonlyArray<{ name: string; data: string | Buffer }>, options: ZipOptions = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = Buffer.from(entry.data);
    const compressed = deflateRawSync(data);
    const name = Buffer.from(entry.name, 'utf8');
    const shared = [
      u16(20),
      u16(0x0800),
      u16(8),
      u16(0),
      u16(0x21),
      u32(crc32(data)),
      u32(compressed.length),
      u32(data.length),
      u16(name.length),
      u16(0),
    ];
    const local = Buffer.concat([u32(0x04034b50), ...shared, name, compressed]);
    centrals.push(Buffer.concat([u32(0x02014b50), u16(20), ...shared, u16(0), u16(0), u16(0), u32(0), u32(offset), name]));
    locals.push(local);
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  const comment = Buffer.from(options.comment ?? '', 'utf8');
  const zip64 = options.zip64
    ? (() => {
        const recordOffset = offset + directory.length;
        const record = Buffer.concat([
          u32(0x06064b50),
          u64(44),
          u16(45),
          u16(45),
          u32(0),
          u32(0),
          u64(entries.length),
          u64(entries.length),
          u64(directory.length),
          u64(offset),
        ]);
        const locator = Buffer.concat([u32(0x07064b50), u32(0), u64(recordOffset), u32(1)]);
        return Buffer.concat([record, locator]);
      })()
    : Buffer.alloc(0);
  const count = options.zip64 ? 0xffff : entries.length;
  const end = Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(count),
    u16(count),
    u32(options.zip64 ? 0xffffffff : directory.length),
    u32(options.zip64 ? 0xffffffff : offset),
    u16(comment.length),
    comment,
  ]);
  return Buffer.concat([...locals, directory, zip64, end]);
}

/** The parts Word writes at least: the manifest, the package relationships and the main document. */
export function sampleDocx(): Buffer {
  return sampleZip([
    {
      name: '[Content_Types].xml',
      data: '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    },
    {
      name: '_rels/.rels',
      data: '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    },
    {
      name: 'word/document.xml',
      data: '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Hello, Word</w:t></w:r></w:p></w:body></w:document>',
    },
  ]);
}
