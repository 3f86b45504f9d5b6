import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '../support/test-app';

describe('HTTP security headers, CORS, docs and health', () => {
  describe('by default (http, no CORS_ORIGINS)', () => {
    let site: TestApp;
    beforeAll(async () => {
      site = await startTestApp();
    });
    afterAll(() => site.dispose());

    it.each(['/api/Home', '/api/NoSuchThing', '/', '/article/1/some-title'])('puts helmet headers and the CSP on %s', async (path) => {
      const response = await site.http().get(path);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy']).toBe('same-origin');
      expect(response.headers['x-powered-by']).toBeUndefined();
      const csp = response.headers['content-security-policy'];
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(response.headers['strict-transport-security']).toBeUndefined();
    });

    it('gives no CORS headers to another origin', async () => {
      const response = await site.http().get('/api/Home').set('Origin', 'https://evil.example').expect(200);
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await site
        .http()
        .options('/api/Article')
        .set('Origin', 'https://evil.example')
        .set('Access-Control-Request-Method', 'POST');
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('with https and CORS_ORIGINS', () => {
    let site: TestApp;
    beforeAll(async () => {
      site = await startTestApp({
        env: { PUBLIC_URL: 'https://devcommunity.example', CORS_ORIGINS: 'https://app.example, https://other.example/' },
      });
    });
    afterAll(() => site.dispose());

    it('sends HSTS', async () => {
      const response = await site.http().get('/api/Home').expect(200);
      expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    });

    it('allows only the listed origins, exposing auth-token', async () => {
      const listed = await site.http().get('/api/Home').set('Origin', 'https://other.example').expect(200);
      expect(listed.headers['access-control-allow-origin']).toBe('https://other.example');
      expect(listed.headers['access-control-expose-headers']).toBe('auth-token,X-Request-Id,X-Read-Your-Writes');
      const preflight = await site
        .http()
        .options('/api/Article')
        .set('Origin', 'https://app.example')
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'authorization,content-type,idempotency-key');
      expect(preflight.status).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('https://app.example');
      expect(preflight.headers['access-control-allow-headers']).toContain('idempotency-key');
      const unlisted = await site.http().get('/api/Home').set('Origin', 'https://evil.example').expect(200);
      expect(unlisted.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('in development', () => {
    let site: TestApp;
    beforeAll(async () => {
      site = await startTestApp({ env: { NODE_ENV: 'development' } });
    });
    afterAll(() => site.dispose());

    it('opens the docs and health details to anyone', async () => {
      await site.http().get('/api/docs-json').expect(200);
      const health = await site.http().get('/api/health').expect(200);
      expect(health.body.result.projections.length).toBeGreaterThan(0);
    });
  });
});

describe('the docs gate and the server paths, whatever the case of the path', () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp();
  });
  afterAll(() => site.dispose());

  it.each(['/api/Docs', '/api/DOCS-JSON', '/API/docs-json', '/api/Docs-Yaml', '/api/docs/'])('refuses %s to anyone', async (path) => {
    const response = await site.http().get(path);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ success: false });
  });

  it('answers /API/Home from the API, not with the SPA', async () => {
    const response = await site.http().get('/API/Home').expect(200);
    expect(response.body).toMatchObject({ success: true });
  });
});

describe('source maps', () => {
  /** A built SPA in miniature: its shell, a hashed script and that script's source map. */
  function builtSpa(): string {
    const dist = mkdtempSync(join(tmpdir(), 'devcommunity-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1);\n//# sourceMappingURL=index-abc123.js.map\n');
    writeFileSync(join(dist, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["../src/secret.ts"],"mappings":""}');
    return dist;
  }

  it('are not served in production', async () => {
    const site = await startTestApp({ env: { NODE_ENV: 'production', WEB_DIST_DIR: builtSpa() } });
    try {
      await site.http().get('/assets/index-abc123.js').expect(200);
      for (const path of ['/assets/index-abc123.js.map', '/assets/INDEX-abc123.js.MAP']) {
        const response = await site.http().get(path);
        expect(response.status).toBe(404);
        expect(response.text).not.toContain('secret.ts');
      }
    } finally {
      await site.dispose();
    }
  });

  it('are served otherwise (development, tests)', async () => {
    const site = await startTestApp({ env: { WEB_DIST_DIR: builtSpa() } });
    try {
      expect((await site.http().get('/assets/index-abc123.js.map').expect(200)).text).toContain('secret.ts');
    } finally {
      await site.dispose();
    }
  });
});
