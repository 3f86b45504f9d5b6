import { totpCodeAt } from '@app/api/accounts/two-factor/totp';
import { EVENT_STORE } from '@app/api';
import { accountStreamName } from '@app/domain';
import type { EventStore } from '@app/event-store';
import { accountIdOfToken, bearer, signUp, type TestUser } from '../support/accounts';
import { atExternalSignInPage, freePort, startFakeGithub, startOidcProvider, throughOidcProvider } from '../support/external-providers';
import { turnOnTwoFactor } from '../support/account-security';
import { waitForMailTo } from '../support/mailbox';
import { RedirectBrowser } from '../support/redirect-browser';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Sign-in with an OpenID Connect provider (the real `oidc-provider` on loopback: authorize, its
 * login and consent pages, the callback) and with GitHub (a local fake of its OAuth and user
 * endpoints, for the mapping), driven by a fetch-based browser that keeps cookies.
 */
describe('external sign-in (OpenID Connect, GitHub)', () => {
  let site: TestApp;
  let base: string;
  let provider: Awaited<ReturnType<typeof startOidcProvider>>;
  let github: Awaited<ReturnType<typeof startFakeGithub>>;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    provider = await startOidcProvider([`${base}/api/Account/External/oidc/Callback`]);
    github = await startFakeGithub('gh-client', 'gh-secret');
    site = await startTestApp({
      env: {
        PUBLIC_URL: base,
        OIDC_ISSUER_URL: provider.issuer,
        OIDC_CLIENT_ID: 'devcommunity',
        OIDC_CLIENT_SECRET: 'devcommunity-secret',
        OIDC_NAME: 'Test ID',
        GITHUB_CLIENT_ID: 'gh-client',
        GITHUB_CLIENT_SECRET: 'gh-secret',
        GITHUB_URL: github.url,
        GITHUB_API_URL: github.url,
      },
    });
    await site.app.listen(port, '127.0.0.1');
  });
  afterAll(async () => {
    await site?.dispose();
    await provider?.stop();
    await github?.stop();
  });

  const start = (id: string) => `${base}/api/Account/External/${id}/Start`;
  /** The SPA's exchange, from the browser the callback redirected (its handoff cookie goes along). */
  const exchange = (code: string, browser: RedirectBrowser) =>
    site
      .http()
      .post('/api/Account/External/Exchange')
      .set('Cookie', browser.cookiesFor(new URL(base)))
      .send({ code });
  const signInWithOidc = async (login: string, browser = new RedirectBrowser()) => {
    const query = await throughOidcProvider(browser, start('oidc'), login);
    expect(query.get('error')).toBeNull();
    const result = (await exchange(query.get('code')!, browser).expect(200)).body.result;
    return result as { token?: string; userName?: string; name?: string; twoFactorRequired?: true; challenge?: string };
  };
  const eventTypes = async (accountId: string) =>
    (await site.app.get<EventStore>(EVENT_STORE).readStream(accountStreamName(accountId))).map((event) => event.type);
  const identities = async (user: Pick<TestUser, 'token'>) =>
    (await site.http().get('/api/Account/ExternalIdentities').set(bearer(user)).expect(200)).body.result as {
      id: string;
      provider: string;
      label: string;
      canUnlink: boolean;
    }[];
  /** Links the provider's `login` to the logged-in `user`: the Link call (which sets the flow cookie) in the same browser as the redirects. */
  const linkOidc = async (user: Pick<TestUser, 'token'>, login: string) => {
    const browser = new RedirectBrowser();
    const answer = await browser.go(`${base}/api/Account/External/oidc/Link`, { method: 'POST', headers: bearer(user) });
    expect(answer.response.status).toBe(200);
    return throughOidcProvider(browser, JSON.parse(answer.body).result.url, login);
  };

  it('lists the configured providers for the login and signup buttons', async () => {
    const response = await site.http().get('/api/Account/External/Providers').expect(200);
    expect(response.body.result).toEqual([
      { id: 'oidc', name: 'Test ID' },
      { id: 'github', name: 'GitHub' },
    ]);
  });

  it('signs up at the first sign-in through the provider (login, consent, callback), and in to the same account after', async () => {
    const browser = new RedirectBrowser();
    const start1 = await browser.go(start('oidc'), {}, (url) => url.origin === provider.issuer);
    const authorize = start1.url;
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(browser.cookiesFor(new URL(base))).toMatch(/external_sign_in=/);

    const query = await throughOidcProvider(browser, start('oidc'), 'ada');
    const code = query.get('code')!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect([...query.keys()]).toEqual(['code']);
    const first = (await exchange(code, browser).expect(200)).body.result;
    expect(first).toMatchObject({ userName: 'ada', name: 'Name of ada', roleId: expect.any(Number) });
    // The code works once.
    const again = await exchange(code, browser);
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ success: false, errorMessage: 'This sign-in has expired or was already used. Please try again.' });

    const accountId = accountIdOfToken(first.token);
    // The provider said the e-mail is verified: confirmed at once, no confirmation mail.
    expect(await eventTypes(accountId)).toEqual(['AccountRegistered', 'EmailConfirmed', 'ExternalIdentityLinked', ...[]]);
    expect(await identities(first)).toEqual([expect.objectContaining({ provider: 'oidc', label: 'ada', canUnlink: false })]);

    const second = await signInWithOidc('ada');
    expect(accountIdOfToken(second.token!)).toBe(accountId);
    // A password login is no way in: none was chosen.
    expect((await site.http().post('/api/Account/Login').send({ Email: 'ada@idp.org', Password: 'anything1' })).status).toBe(401);
  });

  it('refuses a code in another browser than the one the provider sent back (no login CSRF), and spends it', async () => {
    const returned = new RedirectBrowser();
    const query = await throughOidcProvider(returned, start('oidc'), 'csrf-victim');
    const elsewhere = await exchange(query.get('code')!, new RedirectBrowser());
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body).toMatchObject({
      success: false,
      errorMessage: 'This sign-in has expired or was already used. Please try again.',
    });
    // A code that went astray is dead, for the browser it was meant for too.
    expect((await exchange(query.get('code')!, returned)).status).toBe(401);
  });

  it('takes an unverified e-mail as unconfirmed and mails the confirmation link', async () => {
    const result = await signInWithOidc('unverified-bob');
    const types = await eventTypes(accountIdOfToken(result.token!));
    expect(types.slice(0, 2)).toEqual(['AccountRegistered', 'ConfirmationLinkRequested']);
    expect(types).not.toContain('EmailConfirmed');
    await waitForMailTo(site.dataDir, 'unverified-bob@idp.org', { subject: /confirm/i });
  });

  it("never signs in to an existing account by the provider's e-mail, even a verified one", async () => {
    await site.http().post('/api/Account/Signup').send({ Name: 'Grace', Email: 'grace@idp.org', Password: 'secret-pass1' }).expect(200);
    const query = await throughOidcProvider(new RedirectBrowser(), start('oidc'), 'grace');
    expect(query.get('code')).toBeNull();
    expect(query.get('error')).toBe('An account with this e-mail already exists. Log in to it, then link this sign-in method in Settings.');
    // The identity was given back: once linked by the owner it signs in to their account.
    const owner = (await site.http().post('/api/Account/Login').send({ Email: 'grace@idp.org', Password: 'secret-pass1' }).expect(200)).body
      .result as TestUser;
    expect((await linkOidc(owner, 'grace')).get('linked')).toBe('oidc');
    expect(accountIdOfToken((await signInWithOidc('grace')).token!)).toBe(accountIdOfToken(owner.token));
  });

  it('links to the logged-in account (mailing the owner), lists it, and unlinks it (mailing again)', async () => {
    const user = await signUp(site, 'Linda Link');
    const query = await linkOidc(user, 'linda-at-idp');
    expect(query.get('linked')).toBe('oidc');
    expect(query.get('error')).toBeNull();
    await waitForMailTo(site.dataDir, user.email, { subject: /A new sign-in method was added/ });
    const [linked] = await identities(user);
    expect(linked).toMatchObject({ provider: 'oidc', label: 'linda-at-idp', canUnlink: true });
    expect(accountIdOfToken((await signInWithOidc('linda-at-idp')).token!)).toBe(user.accountId);

    await site.http().delete(`/api/Account/ExternalIdentities/${linked.id}`).set(bearer(user)).expect(200);
    await waitForMailTo(site.dataDir, user.email, { subject: /A sign-in method was removed/ });
    expect(await identities(user)).toEqual([]);
    expect(await eventTypes(user.accountId)).toEqual(expect.arrayContaining(['ExternalIdentityLinked', 'ExternalIdentityUnlinked']));
    // Unlinked, the identity is free: signing in with it makes a new account.
    expect(accountIdOfToken((await signInWithOidc('linda-at-idp')).token!)).not.toBe(user.accountId);
  });

  it('refuses a link of an identity that belongs to another account, and a link without its flow cookie', async () => {
    await signInWithOidc('taken-id');
    const user = await signUp(site, 'Other Owner');
    expect((await linkOidc(user, 'taken-id')).get('error')).toBe('This account of the provider is already linked to another account here.');
    expect(await identities(user)).toEqual([]);

    // The Link answer's URL opened in another browser (no flow cookie): nothing is linked.
    const answer = await site.http().post('/api/Account/External/oidc/Link').set(bearer(user)).expect(200);
    const query = await throughOidcProvider(new RedirectBrowser(), answer.body.result.url, 'stranger');
    expect(query.get('error')).toBe('Signing in with the other site did not work. Please try again.');
    expect(await identities(user)).toEqual([]);
  });

  it('never unlinks the last way to sign in of an account without a password', async () => {
    const user = await signInWithOidc('only-oidc');
    const [linked] = await identities(user as TestUser);
    const refused = await site
      .http()
      .delete(`/api/Account/ExternalIdentities/${linked.id}`)
      .set(bearer(user as TestUser));
    expect(refused.status).toBe(400);
    expect(refused.body.errorMessage).toMatch(/only way to sign in/);
    expect(await identities(user as TestUser)).toHaveLength(1);
  });

  it('ends in the two-factor challenge when the account has two-factor on', async () => {
    const user = await signUp(site, 'Two Steps');
    await linkOidc(user, 'two-steps');
    const { secret } = await turnOnTwoFactor(site, user);
    const first = await signInWithOidc('two-steps');
    expect(first).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    const done = await site
      .http()
      .post('/api/Account/Login2fa')
      .send({ challenge: first.challenge, code: totpCodeAt(secret, new Date(Date.now() + 30_000)) })
      .expect(200);
    expect(accountIdOfToken(done.body.result.token)).toBe(user.accountId);
  });

  it('maps a GitHub user: login to user name, profile name, primary e-mail (confirmed only when verified)', async () => {
    github.setNextUser({
      id: 4242,
      login: 'octo-cat',
      name: 'Octo Cat',
      emails: [
        { email: 'old@gh.org', primary: false, verified: true },
        { email: 'octo@gh.org', primary: true, verified: true },
      ],
    });
    const browser = new RedirectBrowser();
    const page = await browser.go(start('github'), {}, atExternalSignInPage);
    const result = (await exchange(page.url.searchParams.get('code')!, browser).expect(200)).body.result;
    expect(result).toMatchObject({ userName: 'octo-cat', name: 'Octo Cat' });
    const accountId = accountIdOfToken(result.token);
    expect((await eventTypes(accountId)).slice(0, 2)).toEqual(['AccountRegistered', 'EmailConfirmed']);
    expect(await identities(result)).toEqual([expect.objectContaining({ provider: 'github', label: 'octo-cat' })]);
    const login = await site.http().post('/api/Account/ForgotPassword').send({ Email: 'octo@gh.org' });
    expect(login.status).toBe(200);

    github.setNextUser({
      id: 777,
      login: 'no-name',
      name: null,
      emails: [{ email: 'unverified@gh.org', primary: true, verified: false }],
    });
    const secondBrowser = new RedirectBrowser();
    const second = await secondBrowser.go(start('github'), {}, atExternalSignInPage);
    const unverified = (await exchange(second.url.searchParams.get('code')!, secondBrowser).expect(200)).body.result;
    expect(unverified).toMatchObject({ userName: 'no-name', name: 'no-name' });
    expect((await eventTypes(accountIdOfToken(unverified.token))).slice(0, 2)).toEqual(['AccountRegistered', 'ConfirmationLinkRequested']);
  });

  it('answers a bad exchange code and an unknown provider with the envelope', async () => {
    const bad = await exchange('short', new RedirectBrowser());
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    const unknown = await site.http().get('/api/Account/External/facebook/Start');
    expect(unknown.status).toBe(400);
    expect(unknown.body.success).toBe(false);
  });
});
