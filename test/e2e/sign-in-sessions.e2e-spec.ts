import { sessionStreamName } from '@app/domain';
import { apiSpec, expectNewEvents, expectResponse } from '../support/api-spec';
import { bearer, signUp, type TestUser } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/test-app';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

const sessionIdOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { sid: string }).sid;

describe('active sessions', () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp();
  });
  afterAll(() => site.dispose());

  const login = async (user: TestUser, userAgent: string, rememberMe = false) =>
    (
      await site
        .http()
        .post('/api/Account/Login')
        .set('User-Agent', userAgent)
        .send({ Email: user.email, Password: user.password, RememberMe: rememberMe })
        .expect(200)
    ).body.result.token as string;
  const sessionsOf = async (token: string) =>
    (await site.http().get('/api/Account/Sessions').set(bearer({ token })).expect(200)).body.result as Record<string, unknown>[];

  it('lists every session of the caller with device, browser, address and times, this one marked', async () => {
    const user = await signUp(site, 'Many Devices');
    const laptop = await login(user, CHROME, true);
    const phone = await login(user, IPHONE);
    const other = await signUp(site, 'Someone Else');

    const sessions = await sessionsOf(laptop);
    expect(sessions).toHaveLength(3); // signup, laptop, phone
    expect(sessions.map((session) => session.id)).toEqual([sessionIdOf(phone), sessionIdOf(laptop), sessionIdOf(user.token)]);
    expect(sessions[1]).toEqual({
      id: sessionIdOf(laptop),
      browser: 'Chrome 120',
      device: 'Linux (desktop)',
      address: expect.stringMatching(/127\.0\.0\.1|::1/),
      startedAt: expect.any(String),
      lastSeenAt: expect.any(String),
      expiresAt: expect.any(String),
      current: true,
    });
    expect(sessions[0]).toMatchObject({ browser: 'Safari 17', device: expect.stringContaining('iOS'), current: false });
    // 30 days with Remember me, 1 day without.
    const days = (session: Record<string, unknown>) =>
      Math.round((Date.parse(session.expiresAt as string) - Date.parse(session.startedAt as string)) / 86_400_000);
    expect([days(sessions[0]), days(sessions[1])]).toEqual([1, 30]);
    // Nobody sees another's sessions.
    expect((await sessionsOf(other.token)).map((session) => session.id)).toEqual([sessionIdOf(other.token)]);
  });

  it('ends one session: SessionRevoked, its token refused at once, the others untouched', async () => {
    const user = await signUp(site, 'Lost Phone');
    const laptop = await login(user, CHROME);
    const phone = await login(user, IPHONE);

    await apiSpec(site)
      .given()
      .when((http) => http.delete(`/api/Account/Sessions/${sessionIdOf(phone)}`).set(bearer({ token: laptop })))
      .then([
        expectResponse(200, { success: true, result: true }),
        expectNewEvents(sessionStreamName(sessionIdOf(phone)), [
          {
            type: 'SessionRevoked',
            data: { sessionId: sessionIdOf(phone), accountId: user.accountId, expiresAt: expect.any(String), at: expect.any(String) },
          },
        ]),
      ]);

    expect(
      (
        await site
          .http()
          .get('/api/Account/IsTokenValid')
          .set(bearer({ token: phone }))
          .expect(401)
      ).body,
    ).toMatchObject({
      success: false,
      errorMessage: 'Please log in.',
    });
    await site
      .http()
      .get('/api/Account/IsTokenValid')
      .set(bearer({ token: laptop }))
      .expect(200);
    expect((await sessionsOf(laptop)).map((session) => session.id)).not.toContain(sessionIdOf(phone));
    // Ending it again changes nothing; a session may end itself (logging out here).
    await site
      .http()
      .delete(`/api/Account/Sessions/${sessionIdOf(phone)}`)
      .set(bearer({ token: laptop }))
      .expect(200);
    await site
      .http()
      .delete(`/api/Account/Sessions/${sessionIdOf(laptop)}`)
      .set(bearer({ token: laptop }))
      .expect(200);
    await site
      .http()
      .get('/api/Account/IsTokenValid')
      .set(bearer({ token: laptop }))
      .expect(401);
  });

  it("lists only the sessions started after 'log out everywhere'", async () => {
    const user = await signUp(site, 'Fresh Start');
    const old = await login(user, CHROME);
    await site
      .http()
      .post('/api/Account/LogoutEverywhere')
      .set(bearer({ token: old }))
      .expect(200);
    const fresh = await login(user, IPHONE);
    expect((await sessionsOf(fresh)).map((session) => session.id)).toEqual([sessionIdOf(fresh)]);
  });

  it("refuses to end someone else's session or an unknown one, and a bad id", async () => {
    const owner = await signUp(site, 'Session Owner');
    const thief = await signUp(site, 'Session Thief');
    const response = await site
      .http()
      .delete(`/api/Account/Sessions/${sessionIdOf(owner.token)}`)
      .set(bearer(thief))
      .expect(404);
    expect(response.body).toMatchObject({ success: false, errorMessage: 'Session not found.' });
    await site.http().get('/api/Account/IsTokenValid').set(bearer(owner)).expect(200);
    await site.http().delete('/api/Account/Sessions/00000000-0000-4000-8000-000000000000').set(bearer(thief)).expect(404);
    expect((await site.http().delete('/api/Account/Sessions/not-a-uuid').set(bearer(thief)).expect(400)).body.success).toBe(false);
    await site.http().get('/api/Account/Sessions').expect(401);
  });
});
