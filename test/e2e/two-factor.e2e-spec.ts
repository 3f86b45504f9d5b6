import { accountStreamName, CODE_ALREADY_USED } from '@app/domain';
import { totpCodeAt } from '@app/api/accounts/two-factor/totp';
import { apiSpec, expectNewEvents, expectResponse } from '../support/api-spec';
import { bearer, signUp, type TestUser } from '../support/accounts';
import { mailsTo, waitForMailTo } from '../support/mailbox';
import { mailSettled } from '../support/mail-settled';
import { startTestApp, type TestApp } from '../support/test-app';

const STEP_MS = 30_000;
/** A code of the secret for the 30-second step `offset` steps from now (the server takes the steps next to its own). */
const codeOf = (secret: string, offset = 0) => totpCodeAt(secret, new Date(Date.now() + offset * STEP_MS));

/**
 * Codes are taken relative to now: a test that crossed a 30-second boundary half-way would send a
 * code the server (rightly) finds too old. So each test starts with at least 15 seconds of its step left.
 */
async function awayFromStepEdge(): Promise<void> {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

describe('two-factor authentication (TOTP)', () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp();
  });
  afterAll(() => site.dispose());

  beforeEach(awayFromStepEdge);

  const setUp = async (user: TestUser) =>
    (await site.http().post('/api/Account/TwoFactor/Setup').set(bearer(user)).expect(200)).body.result as {
      secret: string;
      otpauthUrl: string;
    };
  /** Turns it on with the code of the step before now (so later steps are free for logins) and answers the recovery codes. */
  const turnOn = async (user: TestUser) => {
    const { secret } = await setUp(user);
    const enabled = await site
      .http()
      .post('/api/Account/TwoFactor/Enable')
      .set(bearer(user))
      .send({ code: codeOf(secret, -1) })
      .expect(200);
    return { secret, recoveryCodes: enabled.body.result.recoveryCodes as string[] };
  };
  const firstStep = async (user: TestUser) => {
    const response = await site
      .http()
      .post('/api/Account/Login')
      .send({ Email: user.email, Password: user.password, RememberMe: false })
      .expect(200);
    return response.body.result as { twoFactorRequired?: true; challenge?: string; token?: string };
  };
  const secondStep = (challenge: string, code: string) => site.http().post('/api/Account/Login2fa').send({ challenge, code });

  it('sets up with a secret and its otpauth URL, turns on with a code and answers ten recovery codes, mailing the owner', async () => {
    const user = await signUp(site, 'Second Factor');
    const { secret, otpauthUrl } = await setUp(user);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toBe(
      `otpauth://totp/DevCommunity:${user.userName}?issuer=DevCommunity&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect((await site.http().get('/api/Account/TwoFactor').set(bearer(user)).expect(200)).body.result).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });

    const wrong = await site
      .http()
      .post('/api/Account/TwoFactor/Enable')
      .set(bearer(user))
      .send({ code: '000000' === codeOf(secret) ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ success: false, errorMessage: 'The code is not valid. Please try again.' });

    let recoveryCodes: string[] = [];
    await apiSpec(site)
      .given()
      .when((http) =>
        http
          .post('/api/Account/TwoFactor/Enable')
          .set(bearer(user))
          .send({ code: codeOf(secret) }),
      )
      .then([
        expectResponse(200, { success: true, result: { recoveryCodes: expect.any(Array) } }),
        expectNewEvents(accountStreamName(user.accountId), [
          {
            type: 'TwoFactorEnabled',
            data: { sealedRecoveryCodes: expect.objectContaining({ v: 1 }), totpStep: expect.any(Number), at: expect.any(String) },
          },
        ]),
      ]);
    recoveryCodes = (await site.http().get('/api/Account/TwoFactor').set(bearer(user)).expect(200)).body.result;
    expect(recoveryCodes).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    const mail = await waitForMailTo(site.dataDir, user.email, { subject: /A new sign-in method was added/ });
    expect(mail.text).toContain('two-factor authentication');
    // Once on, a second setup is refused.
    await site.http().post('/api/Account/TwoFactor/Setup').set(bearer(user)).expect(409);
  });

  it('a login then answers a challenge, not a token, and the second step finishes it once', async () => {
    const user = await signUp(site, 'Challenged Login');
    const { secret } = await turnOn(user);

    const first = await firstStep(user);
    expect(first).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    expect(first.token).toBeUndefined();

    const wrong = await secondStep(first.challenge!, '123456' === codeOf(secret) ? '654321' : '123456').expect(401);
    expect(wrong.body).toMatchObject({ success: false, errorMessage: 'The code is not valid. Please try again.' });
    const done = await secondStep(first.challenge!, codeOf(secret)).expect(200);
    expect(done.body.result).toEqual({ userName: user.userName, name: user.name, roleId: 1, token: expect.any(String) });
    await site
      .http()
      .get('/api/Account/IsTokenValid')
      .set(bearer({ token: done.body.result.token }))
      .expect(200);

    // The challenge works once; the code of a step already used never again.
    expect((await secondStep(first.challenge!, codeOf(secret, 1)).expect(401)).body.errorMessage).toBe(
      'This login has expired or was already completed. Please log in again.',
    );
    const again = await firstStep(user);
    await secondStep(again.challenge!, codeOf(secret)).expect(401);
    await secondStep(again.challenge!, codeOf(secret, 1)).expect(200);
    await secondStep('forged.challenge', codeOf(secret)).expect(401);
  });

  it('a code of the authenticator is accepted once per step: a second login or turning it off with it answers 401', async () => {
    const user = await signUp(site, 'Replayed Code');
    const { secret } = await turnOn(user);
    const code = codeOf(secret);
    await secondStep((await firstStep(user)).challenge!, code).expect(200);

    const replayedLogin = await secondStep((await firstStep(user)).challenge!, code).expect(401);
    expect(replayedLogin.body).toMatchObject({ success: false, errorMessage: CODE_ALREADY_USED });
    const replayedDisable = await site
      .http()
      .post('/api/Account/TwoFactor/Disable')
      .set(bearer(user))
      .send({ password: user.password, code })
      .expect(401);
    expect(replayedDisable.body).toMatchObject({ success: false, errorMessage: CODE_ALREADY_USED });
    expect((await site.http().get('/api/Account/TwoFactor').set(bearer(user)).expect(200)).body.result.enabled).toBe(true);

    // The next step's code turns it off, once.
    const next = codeOf(secret, 1);
    await site.http().post('/api/Account/TwoFactor/Disable').set(bearer(user)).send({ password: user.password, code: next }).expect(200);
  });

  it('a recovery code logs in once', async () => {
    const user = await signUp(site, 'Lost Phone Owner');
    const { recoveryCodes } = await turnOn(user);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);

    await secondStep((await firstStep(user)).challenge!, recoveryCodes[4].toLowerCase()).expect(200);
    await secondStep((await firstStep(user)).challenge!, recoveryCodes[4]).expect(401);
    await secondStep((await firstStep(user)).challenge!, recoveryCodes[5]).expect(200);
    expect((await site.http().get('/api/Account/TwoFactor').set(bearer(user)).expect(200)).body.result).toEqual({
      enabled: true,
      recoveryCodesLeft: 8,
    });
  });

  it('regenerates the recovery codes with a code of the authenticator: the old ones stop working, the new ones log in once', async () => {
    const user = await signUp(site, 'Fresh Codes');
    const { secret, recoveryCodes: old } = await turnOn(user);
    await secondStep((await firstStep(user)).challenge!, old[0]).expect(200);
    const regenerate = (code: string) => site.http().post('/api/Account/TwoFactor/RecoveryCodes').set(bearer(user)).send({ code });

    expect((await regenerate(old[1]).expect(400)).body).toMatchObject({
      success: false,
      errorMessage: 'The code is not valid. Please try again.',
    });
    let fresh: string[] = [];
    await apiSpec(site)
      .given()
      .when(() => regenerate(codeOf(secret)))
      .then([
        expectResponse(200, { success: true, result: { recoveryCodes: expect.any(Array) } }),
        expectNewEvents(accountStreamName(user.accountId), [
          {
            type: 'RecoveryCodesRegenerated',
            data: { sealedRecoveryCodes: expect.objectContaining({ v: 1 }), totpStep: expect.any(Number), at: expect.any(String) },
          },
        ]),
      ]);
    fresh = (await site.http().get('/api/Account/TwoFactor').set(bearer(user)).expect(200)).body.result;
    expect(fresh).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    // The same authenticator code twice: the second is a replay.
    expect((await regenerate(codeOf(secret)).expect(401)).body.errorMessage).toBe(CODE_ALREADY_USED);
    await mailSettled(site);
    const added = await mailsTo(site.dataDir, user.email, /A new sign-in method was added/);
    expect(added.filter((mail) => mail.text.includes('ten new recovery codes for two-factor authentication'))).toHaveLength(1);
    fresh = (await regenerate(codeOf(secret, 1)).expect(200)).body.result.recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => old.includes(code))).toEqual([]);

    await secondStep((await firstStep(user)).challenge!, old[1]).expect(401);
    await secondStep((await firstStep(user)).challenge!, fresh[0]).expect(200);
    await secondStep((await firstStep(user)).challenge!, fresh[0]).expect(401);
    expect((await site.http().get('/api/Account/TwoFactor').set(bearer(user)).expect(200)).body.result).toEqual({
      enabled: true,
      recoveryCodesLeft: 9,
    });
    // Nobody without two-factor on has codes to regenerate.
    const plain = await signUp(site, 'No Second Factor');
    await site.http().post('/api/Account/TwoFactor/RecoveryCodes').set(bearer(plain)).send({ code: '123456' }).expect(400);
  });

  it('turns off with the password and a code, mailing the owner; logins answer tokens again', async () => {
    const user = await signUp(site, 'Turning Off');
    const { secret, recoveryCodes } = await turnOn(user);
    await site
      .http()
      .post('/api/Account/TwoFactor/Disable')
      .set(bearer(user))
      .send({ password: 'wrong-pass1', code: codeOf(secret) })
      .expect(401);
    await site
      .http()
      .post('/api/Account/TwoFactor/Disable')
      .set(bearer(user))
      .send({ password: user.password, code: '000000' })
      .expect(401);
    await apiSpec(site)
      .given()
      .when((http) =>
        http.post('/api/Account/TwoFactor/Disable').set(bearer(user)).send({ password: user.password, code: recoveryCodes[0] }),
      )
      .then([
        expectResponse(200, { success: true, result: true }),
        expectNewEvents(accountStreamName(user.accountId), [{ type: 'TwoFactorDisabled', data: { at: expect.any(String) } }]),
      ]);
    await waitForMailTo(site.dataDir, user.email, { subject: /A sign-in method was removed/ });
    expect((await firstStep(user)).token).toEqual(expect.any(String));
    await site
      .http()
      .post('/api/Account/TwoFactor/Disable')
      .set(bearer(user))
      .send({ password: user.password, code: codeOf(secret) })
      .expect(400);
  });

  it('refuses bad bodies with the envelope and anonymous callers', async () => {
    const user = await signUp(site, 'Bad Bodies');
    for (const body of [{}, { code: '' }, { code: 'x'.repeat(100) }, { code: 12 }])
      expect((await site.http().post('/api/Account/TwoFactor/Enable').set(bearer(user)).send(body).expect(400)).body.success).toBe(false);
    await site.http().post('/api/Account/TwoFactor/Enable').set(bearer(user)).send({ code: '123456' }).expect(400); // not set up
    await site.http().post('/api/Account/Login2fa').send({}).expect(400);
    expect((await site.http().post('/api/Account/TwoFactor/RecoveryCodes').set(bearer(user)).send({}).expect(400)).body.success).toBe(
      false,
    );
    await site.http().post('/api/Account/TwoFactor/Setup').expect(401);
  });
});

describe('two-factor codes are limited per account', () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp({ env: { RATE_LIMITS: 'two-factor=3/15m' } });
  });
  afterAll(() => site.dispose());

  it('past the limit of wrong codes, even the right code waits', async () => {
    await awayFromStepEdge();
    const user = await signUp(site, 'Code Guesser');
    const { secret } = (await site.http().post('/api/Account/TwoFactor/Setup').set(bearer(user)).expect(200)).body.result as {
      secret: string;
    };
    await site
      .http()
      .post('/api/Account/TwoFactor/Enable')
      .set(bearer(user))
      .send({ code: codeOf(secret, -1) })
      .expect(200);
    const challenge = (
      await site.http().post('/api/Account/Login').send({ Email: user.email, Password: user.password, RememberMe: false }).expect(200)
    ).body.result.challenge as string;
    const wrong = ['000000', '111111', '222222', '333333'].filter((code) => code !== codeOf(secret) && code !== codeOf(secret, 1));
    for (const code of wrong.slice(0, 3)) await site.http().post('/api/Account/Login2fa').send({ challenge, code }).expect(401);
    const limited = await site
      .http()
      .post('/api/Account/Login2fa')
      .send({ challenge, code: codeOf(secret, 1) })
      .expect(429);
    expect(limited.headers['retry-after']).toEqual(expect.any(String));
    expect(limited.body.errorMessage).toMatch(/^Too many wrong codes\. Please try again in \d+ minutes?\.$/);
  });
});
