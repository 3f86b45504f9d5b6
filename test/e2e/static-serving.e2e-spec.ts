import { readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { loadConfig } from '@app/config';
import { measureInitialJs } from '../bench/spa-initial-js';
import { signUp } from '../support/accounts';
import { articleBody, createPost } from '../support/posts';
import { startTestApp, type TestApp } from '../support/test-app';

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as sent, not decoded. */
  body: Buffer;
}

/** A GET whose body is kept as it came over the wire (supertest and fetch would decode it). */
function rawGet(server: Server, path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

function decoded(response: RawResponse): Buffer {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.body);
  if (encoding === 'gzip') return gunzipSync(response.body);
  return response.body;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('static serving: compression and caching (issue 12)', () => {
  // The built SPA (`npm run build:web`): its entry script and stylesheet, named by content hash.
  const webDistDir = loadConfig().webDistDir;
  const builtIndex = readFileSync(join(webDistDir, 'index.html'), 'utf8');
  const entryScript = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(builtIndex)?.[1] ?? '';
  const stylesheet = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)"/.exec(builtIndex)?.[1] ?? '';
  let site: TestApp;
  let server: Server;

  beforeAll(async () => {
    site = await startTestApp();
    server = site.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  afterAll(() => site.dispose());

  it('finds the built SPA', () => {
    expect(entryScript).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    expect(stylesheet).toMatch(/^\/assets\/index-[\w-]+\.css$/);
  });

  it.each([
    ['br', 'gzip, deflate, br'],
    ['gzip', 'gzip, deflate'],
  ])('serves the hashed script precompressed with %s, cached for a year', async (encoding, acceptEncoding) => {
    const response = await rawGet(server, entryScript, { 'Accept-Encoding': acceptEncoding });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.body.length).toBeLessThan(readFileSync(join(webDistDir, entryScript)).length / 2);
    expect(decoded(response).equals(readFileSync(join(webDistDir, entryScript)))).toBe(true);
  });

  it('sends the file as it is to a client that accepts no encoding', async () => {
    const response = await rawGet(server, stylesheet, { 'Accept-Encoding': 'identity' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toMatch(/^text\/css/);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.body.equals(readFileSync(join(webDistDir, stylesheet)))).toBe(true);
  });

  it('makes every client revalidate the unhashed index.html', async () => {
    const response = await rawGet(server, '/index.html', { 'Accept-Encoding': 'br' });
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('compresses the page filled for a route, which is never cached without revalidation', async () => {
    const response = await rawGet(server, '/AboutSite', { 'Accept-Encoding': 'gzip, br' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    expect(decoded(response).toString('utf8')).toContain(entryScript);
  });

  it('compresses API JSON with what the client accepts', async () => {
    const brotli = await rawGet(server, '/api/Country', { 'Accept-Encoding': 'br' });
    const gzip = await rawGet(server, '/api/Country', { 'Accept-Encoding': 'gzip' });
    const plain = await rawGet(server, '/api/Country');
    expect([brotli.status, gzip.status, plain.status]).toEqual([200, 200, 200]);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const countries = JSON.parse(plain.body.toString('utf8')) as { success: boolean; result: unknown[] };
    expect(countries.success).toBe(true);
    expect(countries.result.length).toBeGreaterThan(100);
    // Each envelope has its own timeStamp.
    expect(JSON.parse(decoded(brotli).toString('utf8'))).toMatchObject({ success: true, result: countries.result });
    expect(JSON.parse(decoded(gzip).toString('utf8'))).toMatchObject({ success: true, result: countries.result });
    expect(brotli.body.length).toBeLessThan(plain.body.length / 2);
  });

  it('leaves small answers and errors readable in the envelope', async () => {
    const response = await rawGet(server, '/api/Article/not-a-number', { 'Accept-Encoding': 'gzip, br' });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(JSON.parse(decoded(response).toString('utf8'))).toMatchObject({ success: false });
  });

  it('leaves malformed API addresses to the API, which answers them in the envelope', async () => {
    for (const [path, status] of [
      ['/api/Article/%C0%AE', 400],
      ['/api/Home/%E0%A4%A', 404],
    ] as const) {
      const response = await rawGet(server, path);
      expect(response.status).toBe(status);
      expect(JSON.parse(response.body.toString('utf8'))).toMatchObject({ success: false });
    }
  });

  it("announces the chunks and stylesheets of home and of a post view with the page, beside the shell's", async () => {
    const manifest = JSON.parse(readFileSync(join(webDistDir, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      { file: string; css?: string[] }
    >;
    const pageFiles = async (path: string) => {
      let response = await rawGet(server, path, { 'Accept-Encoding': 'br' });
      if (response.status === 301) response = await rawGet(server, String(response.headers.location), { 'Accept-Encoding': 'br' });
      const html = decoded(response).toString('utf8');
      // The shell's own (in the built index.html) are there for every page.
      const announced = (rel: string) =>
        [...html.matchAll(new RegExp(`<link rel="${rel}" crossorigin href="([^"]+)">`, 'g'))]
          .map((match) => match[1])
          .filter((file) => !builtIndex.includes(file));
      return { chunks: announced('modulepreload'), stylesheets: announced('stylesheet') };
    };
    expect((await pageFiles('/')).chunks).toContain(`/${manifest['src/app/routes/home-route.tsx'].file}`);
    const author = await signUp(site, 'Ada Lovelace');
    const id = await createPost(site, 'Article', author, articleBody({ isPublished: true }));
    const postView = manifest['src/app/routes/post-view-route.tsx'];
    const articlePage = await pageFiles(`/article/${id}`);
    expect(articlePage.chunks).toContain(`/${postView.file}`);
    expect(postView.css?.length).toBeGreaterThan(0);
    expect(articlePage.stylesheets).toEqual(expect.arrayContaining((postView.css ?? []).map((file) => `/${file}`)));
    // No such article: a 404 page has nothing of the post view to draw.
    expect(await pageFiles('/article/123456/some-title')).toEqual({ chunks: [], stylesheets: [] });
    expect(await pageFiles('/AboutSite')).toEqual({ chunks: [], stylesheets: [] });
  });

  // Issue 25: a phone on a slow link runs this before a post or home is interactive. A module of
  // @app/contracts that builds zod schemas, imported by the shell or a first screen, adds ~24 KB.
  it('keeps the JavaScript of the first screens of home and of a post within 120 KB gzip', () => {
    const pages = ['src/app/routes/home-route.tsx', 'src/app/routes/post-view-route.tsx'];
    const overBudget = measureInitialJs(webDistDir, pages)
      .filter((js) => js.totalGzipBytes > 120 * 1024)
      .map((js) => `${js.page || 'the shell'}: ${(js.totalGzipBytes / 1024).toFixed(1)} KB`);
    expect(overBudget).toEqual([]);
  });
});
