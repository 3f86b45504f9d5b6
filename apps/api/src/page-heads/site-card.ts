import { crc32, deflateSync } from 'node:zlib';
import { SITE_NAME } from './page-head';

const WIDTH = 1200;
const HEIGHT = 630;

/** Its size, told to link previews so they can lay the card out before fetching it. */
export const SITE_CARD_SIZE = { width: WIDTH, height: HEIGHT };
const BACKGROUND = [0x0b, 0x1f, 0x3a];
const ACCENT = [0x3b, 0x82, 0xf6];
const TEXT = [0xff, 0xff, 0xff];
const SCALE = 14;

/** 5×7 pixel glyphs of the letters of the site name, row by row. */
const GLYPHS: Record<string, string[]> = {
  D: ['11110', '10001', '10001', '10001', '10001', '10001', '11110'],
  C: ['01110', '10001', '10000', '10000', '10000', '10001', '01110'],
  e: ['00000', '00000', '01110', '10001', '11111', '10000', '01110'],
  v: ['00000', '00000', '10001', '10001', '10001', '01010', '00100'],
  o: ['00000', '00000', '01110', '10001', '10001', '10001', '01110'],
  m: ['00000', '00000', '11010', '10101', '10101', '10001', '10001'],
  u: ['00000', '00000', '10001', '10001', '10001', '10011', '01101'],
  n: ['00000', '00000', '10110', '11001', '10001', '10001', '10001'],
  i: ['00100', '00000', '01100', '00100', '00100', '00100', '01110'],
  t: ['01000', '01000', '11100', '01000', '01000', '01001', '00110'],
  y: ['00000', '00000', '10001', '10001', '01111', '00001', '01110'],
};

/**
 * The 1200×630 card link previews show for pages without an image of their own: the site name in
 * white on the brand's blue, drawn here as a PNG (Open Graph and X cards take no SVG), made once.
 */
export function siteCardPng(): Buffer {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  const paint = (x: number, y: number, width: number, height: number, color: number[]) => {
    for (let row = y; row < y + height; row++) {
      for (let column = x; column < x + width; column++) pixels.set(color, (row * WIDTH + column) * 3);
    }
  };
  paint(0, 0, WIDTH, HEIGHT, BACKGROUND);
  paint(0, HEIGHT - 24, WIDTH, 24, ACCENT);
  const letters = [...SITE_NAME];
  const advance = 6 * SCALE;
  let x = Math.floor((WIDTH - (letters.length * advance - SCALE)) / 2);
  const y = Math.floor((HEIGHT - 7 * SCALE) / 2);
  for (const letter of letters) {
    GLYPHS[letter]?.forEach((bits, row) => {
      [...bits].forEach((bit, column) => {
        if (bit === '1') paint(x + column * SCALE, y + row * SCALE, SCALE, SCALE, TEXT);
      });
    });
    x += advance;
  }
  return encodePng(pixels);
}

function encodePng(rgb: Buffer): Buffer {
  const rowBytes = WIDTH * 3;
  // Each scanline starts with its filter type, 0 (none).
  const scanlines = Buffer.alloc(HEIGHT * (rowBytes + 1));
  for (let row = 0; row < HEIGHT; row++) rgb.copy(scanlines, row * (rowBytes + 1) + 1, row * rowBytes, (row + 1) * rowBytes);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(scanlines)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}
