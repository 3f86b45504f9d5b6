import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { join } from 'node:path';
import { RedirectBrowser } from './redirect-browser';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The `oidc-provider` package on loopback (test/support/oidc-provider.mjs), its own process. */
export async function startOidcProvider(redirectUris: string[]): Promise<{ issuer: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [join(__dirname, 'oidc-provider.mjs')], {
    env: { ...process.env, REDIRECT_URIS: redirectUris.join(',') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const issuer = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const ready = /ready (\S+)/.exec(out);
      if (ready) resolve(ready[1]);
    });
    child.once('exit', (code) => reject(new Error(`oidc-provider exited (${code}): ${stderr}`)));
  });
  return {
    issuer,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}

export interface FakeGithubUser {
  id: number;
  login: string;
  name: string | null;
  emails: { email: string; primary: boolean; verified: boolean }[];
}

/**
 * GitHub's OAuth endpoints and the two user endpoints, faked: `/login/oauth/authorize` sends the
 * browser straight back with a code for `nextUser`, the token endpoint checks the PKCE verifier
 * and the client secret, `/user` and `/user/emails` answer the user the token was issued for.
 */
export async function startFakeGithub(clientId: string, clientSecret: string) {
  const codes = new Map<string, { user: FakeGithubUser; challenge: string; redirectUri: string }>();
  const tokens = new Map<string, FakeGithubUser>();
  const fake = { url: '', nextUser: null as FakeGithubUser | null, server: null as unknown as Server };
  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', fake.url);
    if (url.pathname === '/login/oauth/authorize') {
      if (url.searchParams.get('client_id') !== clientId || url.searchParams.get('code_challenge_method') !== 'S256' || !fake.nextUser)
        return json(response, 400, { error: 'bad authorize request' });
      const code = randomBytes(8).toString('hex');
      const redirectUri = url.searchParams.get('redirect_uri')!;
      codes.set(code, { user: fake.nextUser, challenge: url.searchParams.get('code_challenge')!, redirectUri });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      response.writeHead(302, { location: back.href }).end();
      return;
    }
    if (url.pathname === '/login/oauth/access_token' && request.method === 'POST') {
      let body = '';
      for await (const chunk of request) body += chunk;
      const form = new URLSearchParams(body);
      const basic = request.headers.authorization?.startsWith('Basic ')
        ? Buffer.from(request.headers.authorization.slice(6), 'base64').toString().split(':').map(decodeURIComponent)
        : [form.get('client_id'), form.get('client_secret')];
      const grant = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (
        basic[0] !== clientId ||
        basic[1] !== clientSecret ||
        !grant ||
        grant.challenge !== challenge ||
        grant.redirectUri !== form.get('redirect_uri')
      )
        return json(response, 400, { error: 'bad_verification_code' });
      const token = randomBytes(16).toString('hex');
      tokens.set(token, grant.user);
      return json(response, 200, { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' });
    }
    const user = tokens.get((request.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (!user) return json(response, 401, { message: 'Bad credentials' });
    if (url.pathname === '/user') return json(response, 200, { id: user.id, login: user.login, name: user.name });
    if (url.pathname === '/user/emails') return json(response, 200, user.emails);
    json(response, 404, { message: 'Not Found' });
  };
  fake.server = createServer((request, response) => {
    handle(request, response).catch(() => json(response, 500, { message: 'fake failed' }));
  });
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(fake.server.address() as { port: number }).port}`;
  return {
    url: fake.url,
    /** The user the next authorize request signs in as. */
    setNextUser: (user: FakeGithubUser) => {
      fake.nextUser = user;
    },
    stop: () => new Promise<void>((resolve) => fake.server.close(() => resolve())),
  };
}

/** Where the callback leaves the browser: the SPA page that finishes an external sign-in. */
export const atExternalSignInPage = (url: URL) => url.pathname === '/login/external';

/**
 * Drives the provider's development login and consent pages as `login` from `startUrl` (the
 * site's Start route, or the URL a Link answered) until the site redirects to the SPA; answers
 * that page's query (`code`, `error` or `linked`).
 */
export async function throughOidcProvider(browser: RedirectBrowser, startUrl: string, login: string): Promise<URLSearchParams> {
  let page = await browser.go(startUrl, {}, atExternalSignInPage);
  for (let step = 0; step < 5 && !atExternalSignInPage(page.url); step++) {
    if (/name="login"/.test(page.body))
      page = await browser.submitForm(page, { prompt: 'login', login, password: 'any' }, atExternalSignInPage);
    else if (/value="consent"/.test(page.body)) page = await browser.submitForm(page, { prompt: 'consent' }, atExternalSignInPage);
    else throw new Error(`Unexpected page ${page.url.href} (${page.response.status}): ${page.body.slice(0, 500)}`);
  }
  if (!atExternalSignInPage(page.url)) throw new Error(`Never came back: ${page.url.href}`);
  return page.url.searchParams;
}
