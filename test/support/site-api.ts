import { randomUUID } from 'node:crypto';
import { eventually } from './eventually';
import { runCli } from './run-cli';
import type { BrowserSite } from './browser-site';
import type { RunningServer } from './server';

/** What a browser test needs of an account it made through the running site's API. */
export interface SiteAccount {
  name: string;
  email: string;
  password: string;
  userName: string;
  token: string;
  roleId: number;
}

/** Calls the running site's API (startServer) and returns the envelope's result; throws on a failure. */
export async function callSite<T>(
  siteUrl: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const response = await fetch(`${siteUrl}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const envelope = (await response.json()) as { success: boolean; result: T; errorMessage: string | null };
  if (!response.ok || !envelope.success) throw new Error(`${method} ${path} failed: ${response.status} ${envelope.errorMessage}`);
  return envelope.result;
}

/** Signs a new user up through the site's API, with a unique e-mail. */
export async function signUpOnSite(siteUrl: string, name: string): Promise<SiteAccount> {
  const email = `user-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'first-pass1';
  const result = await callSite<{ userName: string; token: string; roleId: number }>(siteUrl, 'POST', '/api/Account/Signup', {
    body: { Name: name, Email: email, Password: password },
  });
  return { name, email, password, userName: result.userName, token: result.token, roleId: result.roleId };
}

/** Signs a new user up and opens the site in a fresh browser context signed in as them (from local storage). */
export async function signedInOnSite(site: Pick<BrowserSite, 'server' | 'openWithStoredSession'>, name: string): Promise<SiteAccount> {
  const account = await signUpOnSite(site.server.url, name);
  await site.openWithStoredSession(account);
  return account;
}

/**
 * Grants admin with the operator CLI on the running site's data dir. A role change ends the
 * account's sessions, so this logs the account in again, as its user would, and waits until the
 * server's accounts projection has applied it (the CLI only appends the event); `account` then
 * holds the new token and role.
 */
export async function grantAdmin(server: RunningServer, account: SiteAccount): Promise<void> {
  const granted = runCli(server.dataDir, ['grant-admin', account.email]);
  if (granted.status !== 0) throw new Error(`grant-admin failed: ${granted.output}`);
  let token = '';
  // Retried: right after the CLI, a pooled keep-alive connection the server has closed may fail once.
  await eventually(
    async () => {
      try {
        token ||= (
          await callSite<{ token: string }>(server.url, 'POST', '/api/Account/Login', {
            body: { Email: account.email, Password: account.password, RememberMe: false },
          })
        ).token;
        return Number((await callSite<{ roleId: number }>(server.url, 'GET', '/api/Account/IsTokenValid', { token })).roleId) === 2;
      } catch {
        return false;
      }
    },
    'the admin role to reach the server',
    10_000,
  );
  Object.assign(account, { token, roleId: 2 });
}

/** A tag as GET /api/Tag lists it. */
export interface SiteTag {
  id: number;
  subTag: string;
}

/** The accounts a post journey acts as (an author, a reader, an admin) and the site's first tags. */
export interface PostCast {
  author: SiteAccount;
  reader: SiteAccount;
  admin: SiteAccount;
  tags: SiteTag[];
}

/** Signs the cast up before the file's tests (beforeAll); read its fields inside the tests. */
export function usePostCast(site: { server: RunningServer }, tagCount: number): PostCast {
  const cast = {} as PostCast;
  beforeAll(async () => {
    cast.author = await signUpOnSite(site.server.url, 'Ada Lovelace');
    cast.reader = await signUpOnSite(site.server.url, 'Rita Reader');
    cast.admin = await signUpOnSite(site.server.url, 'Root Admin');
    await grantAdmin(site.server, cast.admin);
    cast.tags = (await callSite<SiteTag[]>(site.server.url, 'GET', '/api/Tag')).slice(0, tagCount);
  });
  return cast;
}
