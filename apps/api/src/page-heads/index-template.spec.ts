import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IndexTemplate, PAINT_END } from './index-template';

const BUILT = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Shell description" />
    <title>DevCommunity</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

describe('IndexTemplate', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'index-template-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("replaces the shell's title and description with the page's head and puts the text after the root element", () => {
    writeFileSync(join(dir, 'index.html'), BUILT);
    const html = new IndexTemplate(join(dir, 'index.html')).render('<title>Page</title>', '<h1>Text</h1>') ?? '';
    expect(html).not.toContain('Shell description');
    expect(html.match(/<title>/g)).toEqual(['<title>']);
    expect(html.indexOf('<title>Page</title>')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(html).toContain('<div id="root"></div>\n    <noscript><h1>Text</h1></noscript>\n  </body>');
  });

  it('paints the page into the root element, marking its end, and the rest after it', () => {
    writeFileSync(join(dir, 'index.html'), BUILT);
    const html = new IndexTemplate(join(dir, 'index.html')).render('', '', '<script id="data"></script>', '<main>Post</main>') ?? '';
    expect(html).toContain(`<div id="root"><main>Post</main>${PAINT_END}</div>\n    <script id="data"></script>\n  </body>`);
  });

  it('paints nothing into a page without the root element', () => {
    writeFileSync(join(dir, 'index.html'), BUILT.replace('<div id="root"></div>', ''));
    expect(new IndexTemplate(join(dir, 'index.html')).render('', '', '', '<main>Post</main>')).not.toContain('Post');
  });

  it('reads the file once', () => {
    writeFileSync(join(dir, 'index.html'), BUILT);
    const template = new IndexTemplate(join(dir, 'index.html'));
    template.render('', '');
    writeFileSync(join(dir, 'index.html'), BUILT.replace('index-1.js', 'index-2.js'));
    expect(template.render('', '')).toContain('index-1.js');
  });

  it('has nothing to serve until the SPA is built, then picks it up', () => {
    const template = new IndexTemplate(join(dir, 'index.html'));
    expect(template.render('', '')).toBeNull();
    writeFileSync(join(dir, 'index.html'), BUILT);
    expect(template.render('', '')).toContain('<div id="root"></div>');
  });
});
