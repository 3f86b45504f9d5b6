import { firstSearchPager } from '@app/contracts';
import { accountStreamName } from '@app/domain';
import { apiSpec, expectNewEvents, expectResponse } from '../support/api-spec';
import { bearer, makeAdmin, signUp, type TestUser } from '../support/accounts';
import { resetPasswordByMail } from '../support/account-security';
import { articleBody } from '../support/posts';
import { startTestApp, type TestApp } from '../support/test-app';

const DAY_MS = 86_400_000;

describe('personal API tokens', () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp();
  });
  afterAll(() => site.dispose());

  const create = async (user: TestUser, scopes: string[], name = 'CI bot', expiresInDays = 30) =>
    (await site.http().post('/api/Account/ApiTokens').set(bearer(user)).send({ name, scopes, expiresInDays }).expect(200)).body.result as {
      id: string;
      token: string;
    };
  const withToken = (token: string) => ({ Authorization: `Bearer ${token}` });

  it('makes a token shown once, recorded only as a hash, listed without it', async () => {
    const user = await signUp(site, 'Token Maker');
    await apiSpec(site)
      .given()
      .when((http) =>
        http
          .post('/api/Account/ApiTokens')
          .set(bearer(user))
          .send({ name: 'CI bot', scopes: ['read', 'write'], expiresInDays: 30 }),
      )
      .then([
        expectResponse(200, {
          success: true,
          result: {
            id: expect.any(String),
            name: 'CI bot',
            scopes: ['read', 'write'],
            createdAt: expect.any(String),
            expiresAt: expect.any(String),
            lastUsedAt: null,
            token: expect.stringMatching(/^dcat_[0-9a-f-]{36}_[A-Za-z0-9_-]{43}$/),
          },
        }),
        expectNewEvents(accountStreamName(user.accountId), [
          {
            type: 'ApiTokenCreated',
            data: {
              tokenId: expect.any(String),
              sealedName: expect.objectContaining({ v: 1 }),
              secretHash: expect.any(String),
              scopes: ['read', 'write'],
              expiresAt: expect.any(String),
              at: expect.any(String),
            },
          },
        ]),
      ]);
    const listed = (await site.http().get('/api/Account/ApiTokens').set(bearer(user)).expect(200)).body.result as Record<string, unknown>[];
    expect(listed).toHaveLength(1);
    const created = listed[0] as { id: string; token: string };
    expect(listed[0]).not.toHaveProperty('token');
    expect(Date.parse(listed[0].expiresAt as string) - Date.parse(listed[0].createdAt as string)).toBe(30 * DAY_MS);
    expect(created.id).toEqual(expect.any(String));
  });

  it('a token calls the API as its owner: a read token reads (searches too) but cannot write, a write token writes', async () => {
    const user = await signUp(site, 'Script Writer');
    const read = await create(user, ['read']);
    const write = await create(user, ['write']);

    const me = await site.http().get('/api/Account/IsTokenValid').set(withToken(read.token)).expect(200);
    expect(me.body.result).toMatchObject({ userName: user.userName });
    await site
      .http()
      .post('/api/Search')
      .set(withToken(read.token))
      .send({ searchString: '', uName: '', categoryId: -1, entityType: 100, orderByAsc: false, Tags: [], pager: firstSearchPager(false) })
      .expect(200);
    const refused = await site
      .http()
      .post('/api/Article')
      .set(withToken(read.token))
      .send(articleBody({ isPublished: true }))
      .expect(403);
    expect(refused.body).toMatchObject({
      success: false,
      errorMessage: 'This API token is read-only: making changes needs the write scope.',
    });
    await site.http().put('/api/Account/CommentNotifications').set(withToken(read.token)).send({ enabled: false }).expect(403);

    const posted = await site
      .http()
      .post('/api/Article')
      .set(withToken(write.token))
      .send(articleBody({ isPublished: true }))
      .expect(200);
    expect(typeof posted.body.result).toBe('number');
    // A token is never renewed like a session.
    expect(posted.headers['auth-token']).toBeUndefined();
  });

  it('never manages sign-in methods, whatever its scopes', async () => {
    const user = await signUp(site, 'Careful Owner');
    const token = (await create(user, ['read', 'write'])).token;
    const message = 'An API token cannot manage how you sign in: log in to do this.';
    for (const call of [
      site.http().get('/api/Account/ApiTokens'),
      site
        .http()
        .post('/api/Account/ApiTokens')
        .send({ name: 'x', scopes: ['write'], expiresInDays: 1 }),
      site.http().get('/api/Account/Sessions'),
      site.http().post('/api/Account/LogoutEverywhere'),
      site.http().delete('/api/User').send({ Password: user.password }),
    ])
      expect((await call.set(withToken(token)).expect(403)).body).toMatchObject({ success: false, errorMessage: message });
  });

  it('a revoked, forged or foreign token opens nothing', async () => {
    const user = await signUp(site, 'Token Revoker');
    const other = await signUp(site, 'Token Stranger');
    const { id, token } = await create(user, ['read']);
    await site.http().get('/api/Account/IsTokenValid').set(withToken(token)).expect(200);

    await site.http().delete(`/api/Account/ApiTokens/${id}`).set(bearer(other)).expect(404);
    await site.http().get('/api/Account/IsTokenValid').set(withToken(token)).expect(200);
    await apiSpec(site)
      .given()
      .when((http) => http.delete(`/api/Account/ApiTokens/${id}`).set(bearer(user)))
      .then([
        expectResponse(200, { success: true, result: true }),
        expectNewEvents(accountStreamName(user.accountId), [
          { type: 'ApiTokenRevoked', data: { tokenId: id, reason: 'revoked', at: expect.any(String) } },
        ]),
      ]);
    await site.http().get('/api/Account/IsTokenValid').set(withToken(token)).expect(401);
    await site.http().delete(`/api/Account/ApiTokens/${id}`).set(bearer(user)).expect(404);
    expect((await site.http().get('/api/Account/ApiTokens').set(bearer(user)).expect(200)).body.result).toEqual([]);

    const live = await create(user, ['read']);
    const forged = `${live.token.slice(0, -4)}AAAA`;
    await site.http().get('/api/Account/IsTokenValid').set(withToken(forged)).expect(401);
    await site.http().get('/api/Account/IsTokenValid').set(withToken('dcat_nonsense')).expect(401);
  });

  it('a password reset revokes every token', async () => {
    const user = await signUp(site, 'Reset Owner');
    const { token } = await create(user, ['read', 'write']);
    await resetPasswordByMail(site, user);
    await site.http().get('/api/Account/IsTokenValid').set(withToken(token)).expect(401);
  });

  it('is documented on the OpenAPI page', async () => {
    const admin = await makeAdmin(site, await signUp(site, 'Docs Reader'));
    const document = (await site.http().get('/api/docs-json').set(bearer(admin)).expect(200)).body as {
      paths: Record<string, Record<string, { description?: string }>>;
      components: { securitySchemes: Record<string, { description?: string }> };
    };
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/Account/ApiTokens', '/api/Account/ApiTokens/{id}']));
    expect(document.paths['/api/Account/ApiTokens'].post.description).toContain('Authorization: Bearer <token>');
    expect(document.components.securitySchemes.bearer.description).toContain('personal API token');
  });

  it('refuses bad requests with the envelope', async () => {
    const user = await signUp(site, 'Bad Requester');
    for (const body of [
      {},
      { name: '', scopes: ['read'], expiresInDays: 30 },
      { name: 'x', scopes: [], expiresInDays: 30 },
      { name: 'x', scopes: ['admin'], expiresInDays: 30 },
      { name: 'x', scopes: ['read'], expiresInDays: 0 },
      { name: 'x', scopes: ['read'], expiresInDays: 366 },
      { name: 'x'.repeat(101), scopes: ['read'], expiresInDays: 1 },
    ])
      expect((await site.http().post('/api/Account/ApiTokens').set(bearer(user)).send(body).expect(400)).body.success).toBe(false);
    await site
      .http()
      .post('/api/Account/ApiTokens')
      .send({ name: 'x', scopes: ['read'], expiresInDays: 1 })
      .expect(401);
  });
});
