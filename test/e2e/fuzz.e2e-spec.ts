import fc from 'fast-check';
import type { Response } from 'supertest';
import { fileUploadRequestSchema } from '@app/contracts';
import { samplePdf, samplePng } from '@app/testing';
import { z } from 'zod';
import { bearer, makeAdmin, signUp, type TestUser } from '../support/accounts';
import { apiRoutes, type ApiRoute, type JsonSchema } from '../support/fuzz/api-routes';
import { encode, fromSchema, junk, pathSegment, queryString } from '../support/fuzz/arbitraries';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Property-based fuzzing of every API route the Nest router serves (found from the app, not a
 * list): requests generated from the routes' zod contracts and far beyond them (wrong types,
 * huge strings, unicode, nulls, extra fields, broken JSON and multipart, bad path parameters and
 * query strings), anonymous, logged in, as an admin and with a forged token. The site must never
 * answer 5xx, and every answer is the envelope, `{ success: false, errorMessage }` on a 4xx.
 */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 25);
jest.setTimeout(600_000);

type Caller = 'anonymous' | 'user' | 'admin' | 'forged';
type BodyKind = 'none' | 'json' | 'brokenJson' | 'multipart' | 'brokenMultipart' | 'form' | 'text';

interface FuzzRequest {
  caller: Caller;
  segments: string[];
  query: string;
  bodyKind: BodyKind;
  body: unknown;
  cut: number;
  idempotencyKey: string | null;
}

const uploadFields = z.toJSONSchema(fileUploadRequestSchema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
const STACK_TRACE = /\bat .+\.(js|ts):\d+|node_modules\//;

describe('fuzzing every endpoint', () => {
  let site: TestApp;
  let routes: ApiRoute[];
  const tokens: Record<Caller, Record<string, string>> = { anonymous: {}, user: {}, admin: {}, forged: {} };
  let users: TestUser[];

  beforeAll(async () => {
    // 429s would be fine answers too, but they would hide the routes behind them.
    site = await startTestApp({ env: { RATE_LIMITS: 'off', CONTACT_EMAIL: 'owner@example.com' } });
    routes = apiRoutes(site.app);
    const user = await signUp(site, 'Fuzz User');
    const admin = await makeAdmin(site, await signUp(site, 'Fuzz Admin'));
    users = [user, admin];
    tokens.user = bearer(user);
    tokens.admin = bearer(admin);
    tokens.forged = { Authorization: `Bearer ${user.token.slice(0, -4)}AAAA` };
    // Something to find: a published article with a comment, so ids 'hit' now and then.
    const id = (await site.http().post('/api/Article').set(tokens.user).send(sampleArticle(true)).expect(200)).body.result as number;
    await site.http().post('/api/ArticleComment').set(tokens.user).send({ postId: id, content: '<p>First!</p>', parentId: null });
  });
  afterAll(() => site.dispose());

  it('finds the routes of every feature', () => {
    const paths = routes.map((route) => `${route.method} ${route.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'POST /api/Account/Signup',
        'POST /api/Article',
        'PUT /api/ArticleComment',
        'PUT /api/Question/Like',
        'POST /api/File',
        'POST /api/Search',
        'PUT /api/User',
        'GET /api/Account/Sessions',
        'DELETE /api/Account/Sessions/:id',
        'GET /api/Account/ApiTokens',
        'POST /api/Account/ApiTokens',
        'DELETE /api/Account/ApiTokens/:id',
        'GET /api/Account/TwoFactor',
        'POST /api/Account/TwoFactor/Setup',
        'POST /api/Account/TwoFactor/Enable',
        'POST /api/Account/TwoFactor/Disable',
        'POST /api/Account/TwoFactor/RecoveryCodes',
        'POST /api/Account/Login2fa',
        'GET /api/Account/External/Providers',
        'GET /api/Account/External/:provider/Start',
        'POST /api/Account/External/:provider/Link',
        'GET /api/Account/External/:provider/Callback',
        'POST /api/Account/External/Exchange',
        'GET /api/Account/ExternalIdentities',
        'DELETE /api/Account/ExternalIdentities/:id',
        'GET /api/Account/Passkeys',
        'POST /api/Account/Passkeys/Options',
        'POST /api/Account/Passkeys',
        'PUT /api/Account/Passkeys/:id',
        'DELETE /api/Account/Passkeys/:id',
        'POST /api/Account/LoginPasskey/Options',
        'POST /api/Account/LoginPasskey',
        'POST /api/Account/Login2fa/PasskeyOptions',
        'POST /api/Account/Login2fa/Passkey',
        'POST /api/Flag',
        'GET /api/Moderation/Flags',
        'PUT /api/Moderation/Flags/Resolve',
      ]),
    );
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.find((route) => route.path === '/api/File' && route.method === 'POST')?.multipart).toBe(true);
  });

  const requestArbitrary = (route: ApiRoute): fc.Arbitrary<FuzzRequest> => {
    const paramNames = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]);
    const paramProperties = (route.params?.properties ?? {}) as Record<string, JsonSchema>;
    const bodyKinds: BodyKind[] =
      route.method === 'GET'
        ? ['none', 'none', 'json', 'brokenJson']
        : route.multipart
          ? ['multipart', 'multipart', 'multipart', 'brokenMultipart', 'json', 'none']
          : ['json', 'json', 'json', 'json', 'brokenJson', 'multipart', 'brokenMultipart', 'form', 'text', 'none'];
    return fc.record({
      caller: fc.constantFrom<Caller>('anonymous', 'user', 'user', 'admin', 'forged'),
      segments: fc.tuple(...paramNames.map((name) => pathSegment(paramProperties[name]))),
      query: fc.oneof({ weight: 3, arbitrary: fc.constant('') }, { weight: 1, arbitrary: queryString(route.query) }),
      bodyKind: fc.constantFrom(...bodyKinds),
      body: route.multipart ? fromSchema(uploadFields) : fromSchema(route.body),
      cut: fc.nat(),
      idempotencyKey: fc.oneof(
        { weight: 4, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.uuid() },
        { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom('a', ' ', '~', '\t'), maxLength: 300 }) },
      ),
    });
  };

  async function send(route: ApiRoute, fuzz: FuzzRequest): Promise<{ url: string; response: Response }> {
    let segment = 0;
    const url = route.path.replace(/:(\w+)/g, () => fuzz.segments[segment++]) + fuzz.query;
    let call = site.http()[route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch'](url).set(tokens[fuzz.caller]);
    if (fuzz.idempotencyKey !== null) call = call.set('Idempotency-Key', fuzz.idempotencyKey);
    const json = JSON.stringify(fuzz.body) ?? 'null';
    switch (fuzz.bodyKind) {
      case 'json':
        call = call.set('Content-Type', 'application/json').send(json);
        break;
      case 'brokenJson':
        call = call.set('Content-Type', 'application/json').send(json.slice(0, fuzz.cut % Math.max(json.length, 1)) || '{');
        break;
      case 'text':
        call = call.set('Content-Type', 'text/plain').send(json);
        break;
      case 'form':
        call = call.set('Content-Type', 'application/x-www-form-urlencoded').send(formOf(fuzz.body));
        break;
      case 'multipart': {
        const fields = typeof fuzz.body === 'object' && fuzz.body !== null && !Array.isArray(fuzz.body) ? fuzz.body : { value: fuzz.body };
        for (const [name, value] of Object.entries(fields))
          call = call.field(name || 'x', typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
        const files = [samplePng(), samplePdf(), Buffer.from(json), Buffer.alloc(0)];
        if (fuzz.cut % 5 !== 4)
          call = call.attach(
            fuzz.cut % 7 === 0 ? 'other' : 'file',
            files[fuzz.cut % 4],
            ['a.png', 'b.pdf', 'c.exe', ''][fuzz.cut % 4] || 'x',
          );
        break;
      }
      case 'brokenMultipart': {
        const boundaries = ['', 'xyz', '"quoted"', 'a'.repeat(100)];
        const boundary = boundaries[fuzz.cut % boundaries.length];
        const raw = `--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n${json}`.slice(0, 20 + (fuzz.cut % 200));
        call = call.set('Content-Type', `multipart/form-data${boundary ? `; boundary=${boundary}` : ''}`).send(raw);
        break;
      }
      case 'none':
        break;
    }
    return { url, response: await call };
  }

  /** Log out everywhere ended the caller's sessions: a new login keeps the rest of the run logged in. */
  async function logInAgain(caller: Caller): Promise<void> {
    if (caller !== 'user' && caller !== 'admin') return;
    const user = users[caller === 'user' ? 0 : 1];
    const response = await site.http().post('/api/Account/Login').send({ Email: user.email, Password: user.password, RememberMe: false });
    if (response.status === 200) tokens[caller] = bearer(response.body.result as { token: string });
  }

  const REDIRECTING_ROUTES = new Set(['/api/Account/External/:provider/Start', '/api/Account/External/:provider/Callback']);

  function check(route: ApiRoute, url: string, response: Response): void {
    const where = `${route.method} ${url} -> ${response.status} ${response.text.slice(0, 300)}`;
    if (response.status >= 500) throw new Error(`5xx: ${where}`);
    // The browser's legs of an external sign-in answer redirects (here, with no provider configured: back to the SPA's
    // page with an error); anything else they answer is held to the envelope like every route.
    const toSpa = response.status === 302 && /^https?:\/\/[^/]+\/login\/external\?/.test(response.headers.location ?? '');
    if (REDIRECTING_ROUTES.has(route.path) && toSpa) return;
    if (!/application\/json/.test(response.headers['content-type'] ?? '')) throw new Error(`not JSON: ${where}`);
    const body = response.body as { success?: unknown; errorMessage?: unknown; result?: unknown };
    if (response.status >= 400) {
      const envelope =
        body.success === false && body.result === null && typeof body.errorMessage === 'string' && body.errorMessage.length > 0;
      if (!envelope) throw new Error(`4xx without the envelope: ${where}`);
    } else if (body.success !== true) throw new Error(`2xx without success: ${where}`);
    if (STACK_TRACE.test(response.text)) throw new Error(`stack trace: ${where}`);
  }

  it('never answers 5xx and always answers the envelope, on any route', async () => {
    let requests = 0;
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(route), async (fuzz) => {
          const { url, response } = await send(route, fuzz);
          requests++;
          check(route, url, response);
          if (route.path === '/api/Account/LogoutEverywhere' && response.status === 200) await logInAgain(fuzz.caller);
        }),
        { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }
    expect(requests).toBeGreaterThanOrEqual(routes.length * RUNS_PER_ROUTE);
  });

  it('answers unknown routes, methods and paths with the envelope', async () => {
    const known = [...new Set(routes.map((route) => route.path.split('/')[2]))];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<ApiRoute['method']>('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
        fc.constantFrom(...known),
        fc.array(pathSegment(undefined), { maxLength: 4 }),
        queryString(undefined),
        junk,
        async (method, resource, segments, query, body) => {
          const route: ApiRoute = { method, path: ['/api', resource, ...segments].join('/'), multipart: false };
          const { url, response } = await send(route, {
            caller: 'user',
            segments: [],
            query,
            bodyKind: 'json',
            body,
            cut: 0,
            idempotencyKey: null,
          });
          check(route, url, response);
        },
      ),
      { numRuns: 300, endOnFailure: true },
    );
  });

  it('answers oversized and many-word searches at once, while /api/health stays quick', async () => {
    const words = (count: number) => Array.from({ length: count }, (_, index) => letters(index)).join(' ');
    const pager = { lastFetchedQuestionId: Number.MAX_SAFE_INTEGER, lastFetchedArticleId: Number.MAX_SAFE_INTEGER, pageSize: 100 };
    const bodies = [
      { searchString: words(25_000), pager }, // 150 KB of distinct words: blocked the event loop 5.5 s
      { searchString: 'target '.repeat(200_000), pager }, // 1.4 MB of one word
      { searchString: 'a', Tags: Array.from({ length: 100_000 }, (_, index) => index + 1), pager },
      { searchString: words(200), uName: 'x'.repeat(1_500_000), pager },
      { searchString: 'a b c d e f g h i j', pager }, // as many words as allowed, each a one-letter prefix
      { searchString: 'target t', Tags: Array.from({ length: 20 }, (_, index) => index + 1), pager },
    ];
    const searching = Promise.all(
      bodies.flatMap((body) =>
        (['/api/Search', '/api/Search/UserPosts', '/api/Search/ByAdmin'] as const).map(async (path) => {
          const caller: Caller = path === '/api/Search' ? 'anonymous' : path === '/api/Search/UserPosts' ? 'user' : 'admin';
          const route: ApiRoute = { method: 'POST', path, multipart: false };
          const response = await site.http().post(path).set(tokens[caller]).send(body);
          check(route, path, response);
          return response.status;
        }),
      ),
    );
    let done = false;
    const latencies: number[] = [];
    const probing = (async () => {
      while (!done) {
        const started = performance.now();
        await site.http().get('/api/health').expect(200);
        latencies.push(performance.now() - started);
      }
    })();
    const statuses = await searching.finally(() => (done = true));
    await probing;
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 200, 200, 200, 200, 200, 200]);
    // The unbounded search held the event loop for 5.5 s. Parsing these megabytes of bodies alone
    // takes over a second on a loaded CI machine, so the bound is generous and catches only that.
    expect(Math.max(...latencies)).toBeLessThan(4_000);
  });

  it('leaves the fuzzing users able to log in (nothing corrupted)', async () => {
    for (const user of users) {
      const response = await site.http().post('/api/Account/Login').send({ Email: user.email, Password: user.password, RememberMe: false });
      // Fuzzing may have erased or locked out an account: either way the answer is an envelope, never a crash.
      expect(response.status).toBeLessThan(500);
    }
  });
});

/** A distinct word of letters for each index: a, b, ..., z, ba, bb, ... */
function letters(index: number): string {
  let word = '';
  do {
    word = String.fromCharCode(97 + (index % 26)) + word;
    index = Math.floor(index / 26);
  } while (index > 0);
  return word;
}

function formOf(value: unknown): string {
  if (typeof value !== 'object' || value === null) return `value=${encode(String(value))}`;
  return Object.entries(value)
    .map(([key, field]) => `${encode(key)}=${encode(typeof field === 'string' ? field : (JSON.stringify(field) ?? ''))}`)
    .join('&');
}

function sampleArticle(isPublished: boolean) {
  return {
    title: 'Fuzzing target',
    description: 'Something to find',
    categoryId: 3,
    tags: [{ id: 1, subTag: 'csharp' }],
    content: '<p>Target</p>',
    source: '',
    instructions: '',
    isPublished,
    defaultImageId: -1,
  };
}
