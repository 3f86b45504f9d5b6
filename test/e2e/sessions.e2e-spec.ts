import { accountDecider, accountStreamName } from '@app/domain';
import { EventSourcedCommands } from '@app/api/infrastructure/event-sourced-commands';
import { apiSpec, expectNewEvents, expectResponse } from '../support/api-spec';
import { bearer, signUp, type TestUser } from '../support/accounts';
import { resetPasswordByMail } from '../support/account-security';
import { startTestApp, type TestApp } from '../support/test-app';

const UNAUTHORIZED = { success: false, errorMessage: 'Please log in.' };
const HOUR = 3600_000;
const DAY = 24 * HOUR;

describe('revocable sessions', () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp();
  });
  afterAll(() => site.dispose());

  const login = async (user: TestUser, rememberMe = false) =>
    (await site.http().post('/api/Account/Login').send({ Email: user.email, Password: user.password, RememberMe: rememberMe }).expect(200))
      .body.result.token as string;
  const check = (token: string) => site.http().get('/api/Account/IsTokenValid').set(bearer({ token }));
  const expectRefused = async (token: string) => expect((await check(token).expect(401)).body).toMatchObject(UNAUTHORIZED);

  it("'log out everywhere' records SessionsRevoked and ends every session of the user at once, the caller's too", async () => {
    const user = await signUp(site, 'Laptop And Phone');
    const laptop = await login(user, true);
    const phone = await login(user);
    const other = await signUp(site, 'Someone Else');

    await apiSpec(site)
      .given()
      .when((http) => http.post('/api/Account/LogoutEverywhere').set(bearer({ token: phone })))
      .then([
        expectResponse(200, { success: true, result: true }),
        expectNewEvents(accountStreamName(user.accountId), [
          { type: 'SessionsRevoked', data: { credentialVersion: 2, reason: 'logout-everywhere', at: expect.any(String) } },
        ]),
      ]);

    for (const token of [user.token, laptop, phone]) await expectRefused(token);
    await site
      .http()
      .get('/api/Account/CommentNotifications')
      .set(bearer({ token: laptop }))
      .expect(401);
    // Nobody else is logged out, and the user logs in again as usual.
    await check(other.token).expect(200);
    await check(await login(user)).expect(200);
    // Only a logged-in user can do it.
    expect((await site.http().post('/api/Account/LogoutEverywhere').expect(401)).body).toMatchObject(UNAUTHORIZED);
  });

  it('a password reset ends every session issued before it', async () => {
    const user = await signUp(site, 'Reset Victim');
    const stolen = await login(user, true);
    await resetPasswordByMail(site, user);

    await expectRefused(stolen);
    await expectRefused(user.token);
    await check(await login({ ...user, password: 'fresh-start-1' })).expect(200);
  });

  it('a role change ends the sessions issued under the old role', async () => {
    const user = await signUp(site, 'Soon Admin');
    const commands = site.app.get(EventSourcedCommands);
    const change = async (type: 'GrantAdmin' | 'RevokeAdmin') => {
      const { position } = await commands.execute(
        accountStreamName(user.accountId),
        accountDecider,
        { type, accountId: user.accountId, now: new Date() },
        { actor: 'operator' },
      );
      await commands.settle(position, ['accounts']);
    };

    await change('GrantAdmin');
    await expectRefused(user.token);
    const adminToken = await login(user);
    expect((await check(adminToken).expect(200)).body.result.roleId).toBe(2);

    await change('RevokeAdmin');
    await expectRefused(adminToken);
    await site
      .http()
      .post('/api/Search/ByAdmin')
      .set(bearer({ token: adminToken }))
      .send({})
      .expect(401);
    expect((await check(await login(user)).expect(200)).body.result.roleId).toBe(1);
  });
});

describe('absolute session lifetime (the clock is injected)', () => {
  const T0 = new Date('2026-05-01T08:00:00.000Z').getTime();
  let now = T0;
  let site: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    site = await startTestApp({ clock: () => new Date(now) });
    user = await signUp(site, 'Long Sitter');
  });
  afterAll(() => site.dispose());
  beforeEach(() => (now = T0));

  const login = async (rememberMe: boolean) =>
    (await site.http().post('/api/Account/Login').send({ Email: user.email, Password: user.password, RememberMe: rememberMe }).expect(200))
      .body.result.token as string;
  /** Uses the token at `at` ms after T0 and follows a renewal as the SPA does; the status and the token to use next. */
  const useAt = async (at: number, token: string) => {
    now = T0 + at;
    const response = await site.http().get('/api/Account/IsTokenValid').set(bearer({ token }));
    return {
      status: response.status,
      token: (response.headers['auth-token'] as string | undefined) ?? token,
      renewed: !!response.headers['auth-token'],
    };
  };

  it('renews a Remember me session while it is used, but never past 30 days from the login', async () => {
    let token = await login(true);
    const first = token;
    // Tokens last 7 days and are renewed past half of that, so a user who comes back weekly stays in...
    for (const day of [4, 10, 16, 22, 28]) {
      const used = await useAt(day * DAY, token);
      expect(used).toMatchObject({ status: 200, renewed: true });
      token = used.token;
    }
    // ...the first token alone has long expired...
    expect((await useAt(8 * DAY, first)).status).toBe(401);
    // ...but the session ends 30 days after the login, however it was renewed.
    expect(await useAt(30 * DAY - 60_000, token)).toMatchObject({ status: 200, renewed: false });
    const ended = await useAt(30 * DAY + 1000, token);
    expect(ended.status).toBe(401);
  });

  it('ends a session without Remember me one day after the login', async () => {
    let token = await login(false);
    const renewed = await useAt(7 * HOUR, token);
    expect(renewed).toMatchObject({ status: 200, renewed: true });
    token = renewed.token;
    const again = await useAt(18 * HOUR, token);
    expect(again).toMatchObject({ status: 200, renewed: true });
    expect((await useAt(DAY - 60_000, again.token)).status).toBe(200);
    now = T0 + DAY + 1000;
    const ended = await site
      .http()
      .get('/api/Account/IsTokenValid')
      .set(bearer({ token: again.token }));
    expect(ended.status).toBe(401);
    expect(ended.body).toMatchObject(UNAUTHORIZED);
  });
});
