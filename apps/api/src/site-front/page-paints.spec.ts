import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PagePaints } from './page-paints';

/** A stand-in for the SPA's server entry: paints the post's content and counts its paints. */
const ENTRY = `
let paints = 0;
exports.paintPage = async (path, read) => {
  paints += 1;
  if (path.includes('fails')) throw new Error('render failed');
  return '<main data-paint="' + paints + '">' + JSON.parse(read.json).content + '</main>';
};
`;

describe('PagePaints', () => {
  let dir: string;
  let webDist: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'page-paints-'));
    webDist = join(dir, 'dist');
    mkdirSync(join(dir, 'dist-server'), { recursive: true });
    writeFileSync(join(dir, 'dist-server', 'server-paint.cjs'), ENTRY);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const read = (content: string) => ({ url: '/api/Article/7', json: Buffer.from(JSON.stringify({ id: 7, content })) });

  it('paints a post once per version of its first read, its content sanitized again', async () => {
    const paints = new PagePaints(webDist);
    const version = read('<p>Body</p><script>alert(1)</script>');
    const first = await paints.paint('/article/7/a-title', version);
    expect(first).toBe('<main data-paint="1"><p>Body</p></main>');
    expect(await paints.paint('/article/7/a-title', version)).toBe(first);
    expect(await paints.paint('/article/7/a-title', read('<p>Edited</p>'))).toBe('<main data-paint="2"><p>Edited</p></main>');
  });

  it('paints only posts, and serves a page unpainted when the paint fails or there is no server entry', async () => {
    const paints = new PagePaints(webDist);
    expect(await paints.paint('/', read('<p>Home</p>'))).toBe('');
    expect(await paints.paint('/article/7/fails', read('<p>Body</p>'))).toBe('');
    rmSync(join(dir, 'dist-server'), { recursive: true });
    expect(await new PagePaints(webDist).paint('/article/7/a-title', read('<p>Body</p>'))).toBe('');
  });
});
