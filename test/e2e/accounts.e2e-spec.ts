import { JwtService } from '@nestjs/jwt';
import { accountStreamName, emailReservationStreamName, userNameReservationStreamName, type AccountRegistered } from '@app/domain';
import { EVENT_STORE, type EventStore } from '@app/event-store';
import { signUp, bearer } from '../support/accounts';
import { articleBody, createPost, questionBody } from '../support/posts';
import { runCli } from '../support/run-cli';
import { mailSettled } from '../support/mail-settled';
import { countMailTo, linkIn, waitForMailTo } from '../support/mailbox';
import { startTestApp, type TestApp } from '../support/test-app';

const LINK_SENT = 'If email is valid, you will receive an email. Link will expire after 15mins.';

describe('accounts', () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp();
  });
  afterAll(() => site.dispose());

  const post = (path: string, body: object) => site.http().post(`/api/Account/${path}`).send(body);

  describe('signup', () => {
    it('records the account and logs the user in', async () => {
      const response = await post('Signup', { Name: 'Ada Lovelace', Email: 'ada@example.com', Password: 'analytical1' }).expect(200);
      expect(response.body.result).toEqual({ userName: 'ada-lovelace', name: 'Ada Lovelace', roleId: 1, token: expect.any(String) });

      const session = await site.http().get('/api/Account/IsTokenValid').set(bearer(response.body.result)).expect(200);
      expect(session.body.result).toEqual({ userName: 'ada-lovelace', name: 'Ada Lovelace', roleId: 1 });
    });

    it('names the account by an opaque id in the token, the streams and the events', async () => {
      const user = await signUp(site, 'Opal Opaque');
      expect(user.accountId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const eventStore = site.app.get<EventStore>(EVENT_STORE);

      const [registered] = await eventStore.readStream(accountStreamName(user.accountId));
      expect(registered.type).toBe('AccountRegistered');
      const { emailLookup, userNameLookup } = registered.data as AccountRegistered['data'];
      expect(registered.data).toMatchObject({ accountId: user.accountId, roleId: 1, credentialVersion: 1 });
      expect(registered.metadata.actor).toBe(user.accountId);
      // Both reservations are named by keyed hashes and name the account by its id.
      expect([emailLookup, userNameLookup]).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/), expect.stringMatching(/^[0-9a-f]{64}$/)]);
      const [userNameClaim] = await eventStore.readStream(userNameReservationStreamName(userNameLookup));
      expect(userNameClaim).toMatchObject({ type: 'UserNameReserved', data: { userNameLookup, accountId: user.accountId } });
      const [emailClaim] = await eventStore.readStream(emailReservationStreamName(emailLookup));
      expect(emailClaim).toMatchObject({ type: 'EmailReserved', data: { emailLookup, accountId: user.accountId } });
    });

    it('keeps the clear user name, name and e-mail out of every stream name, event and metadata', async () => {
      const user = await signUp(site, 'Xavier Quillfeather');
      await createPost(site, 'Article', user, articleBody({ title: 'An article by someone private', isPublished: true }));
      await createPost(site, 'Question', user, questionBody({ title: 'A question by someone private' }));
      await post('ForgotPassword', { Email: user.email }).expect(200);

      const log = await site.app.get<EventStore>(EVENT_STORE).readAll();
      const serialized = log.map(({ streamName, type, data, metadata }) =>
        JSON.stringify({ streamName, type, data, metadata }).toLowerCase(),
      );
      // The search is not vacuous: the user's own events are in the log, named by the account id.
      expect(serialized.filter((event) => event.includes(user.accountId)).length).toBeGreaterThanOrEqual(6);
      expect(user.userName).toBe('xavier-quillfeather');
      for (const secret of [user.userName, 'quillfeather', user.email.toLowerCase()]) {
        expect(serialized.filter((event) => event.includes(secret))).toEqual([]);
      }
    });

    it('gives each user a unique handle', async () => {
      const first = await signUp(site, 'Grace Hopper');
      const second = await signUp(site, 'Grace Hopper');
      expect(first.userName).toBe('grace-hopper');
      expect(second.userName).toBe('grace-hopper-2');
    });

    it('refuses an e-mail that is already registered, whatever its case', async () => {
      await post('Signup', { Name: 'Alan', Email: 'alan@example.com', Password: 'enigma123' }).expect(200);
      const response = await post('Signup', { Name: 'Alan Again', Email: ' ALAN@Example.com', Password: 'enigma123' }).expect(409);
      expect(response.body).toMatchObject({ success: false, errorMessage: 'Email is already registered.' });
    });

    it('releases the user name a refused signup reserved', async () => {
      await post('Signup', { Name: 'Taken Mail', Email: 'taken@example.com', Password: 'enigma123' }).expect(200);
      await post('Signup', { Name: 'Rosalind Franklin', Email: 'taken@example.com', Password: 'enigma123' }).expect(409);
      await post('Signup', { Name: 'Rosalind Franklin', Email: 'Taken@example.com ', Password: 'enigma123' }).expect(409);
      const rosalind = await post('Signup', { Name: 'Rosalind Franklin', Email: 'rosalind@example.com', Password: 'enigma123' }).expect(
        200,
      );
      expect(rosalind.body.result.userName).toBe('rosalind-franklin');
      // The released name is not a profile of anyone in between.
      await post('Signup', { Name: 'Barbara McClintock', Email: 'taken@example.com', Password: 'enigma123' }).expect(409);
      await site.http().get('/api/User/barbara-mcclintock').expect(404);
      const barbara = await post('Signup', { Name: 'Barbara McClintock', Email: 'barbara@example.com', Password: 'enigma123' }).expect(200);
      expect(barbara.body.result.userName).toBe('barbara-mcclintock');
    });

    it('lets exactly one of 20 concurrent signups with one e-mail win', async () => {
      const attempts = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          post('Signup', { Name: `Racer ${index}`, Email: 'race@example.com', Password: 'fast-car1' }),
        ),
      );
      expect(attempts.filter((response) => response.status === 200)).toHaveLength(1);
      expect(attempts.filter((response) => response.status === 409)).toHaveLength(19);
    });

    it('validates with the messages of the spec', async () => {
      const response = await post('Signup', { Name: 'Al', Email: 'not-an-email', Password: 'short' }).expect(400);
      expect(response.body.errorMessage.split('\n')).toEqual(
        expect.arrayContaining(['- Name must be at least 3 characters', '- Email is invalid', '- Password must be at least 8 characters']),
      );
      const missing = await post('Signup', {}).expect(400);
      expect(missing.body.errorMessage).toContain('- Email is required');
    });
  });

  describe('login', () => {
    let user: Awaited<ReturnType<typeof signUp>>;
    beforeAll(async () => {
      user = await signUp(site, 'Login Tester');
    });

    it('logs in with a case-insensitive e-mail', async () => {
      const response = await post('Login', { Email: user.email.toUpperCase(), Password: user.password, RememberMe: true }).expect(200);
      expect(response.body.result).toMatchObject({ userName: user.userName, name: 'Login Tester', roleId: 1 });
    });

    it('gives one message for a wrong password and an unknown e-mail', async () => {
      const wrong = await post('Login', { Email: user.email, Password: 'wrong-password', RememberMe: false }).expect(401);
      const unknown = await post('Login', { Email: 'nobody@example.com', Password: 'whatever1', RememberMe: false }).expect(401);
      expect(wrong.body.errorMessage).toBe('Invalid email or password.');
      expect(unknown.body.errorMessage).toBe(wrong.body.errorMessage);
    });
  });

  describe('token validation', () => {
    it('refuses a missing, forged or expired token', async () => {
      const user = await signUp(site, 'Token Tester');
      await site.http().get('/api/Account/IsTokenValid').expect(401);
      await site
        .http()
        .get('/api/Account/IsTokenValid')
        .set(bearer({ token: user.token + 'x' }))
        .expect(401);
      const forged = new JwtService({ secret: 'not-the-site-secret-not-the-site-secret' }).sign({ sub: user.accountId, rm: false });
      await site
        .http()
        .get('/api/Account/IsTokenValid')
        .set(bearer({ token: forged }))
        .expect(401);
      const jwt = site.app.get(JwtService);
      const expired = jwt.sign({
        sub: user.accountId,
        rm: false,
        cv: 1,
        sst: Math.floor(Date.now() / 1000) - 7200,
        iat: Math.floor(Date.now() / 1000) - 7200,
        exp: Math.floor(Date.now() / 1000) - 60,
      });
      const response = await site
        .http()
        .get('/api/Account/IsTokenValid')
        .set(bearer({ token: expired }))
        .expect(401);
      expect(response.body).toMatchObject({ success: false, errorMessage: 'Please log in.' });
    });

    it('renews a token past half its life in the auth-token header', async () => {
      const user = await signUp(site, 'Renewal Tester');
      const jwt = site.app.get(JwtService);
      const now = Math.floor(Date.now() / 1000);
      // A 12-hour token of a session that started 7 hours ago (sessions without Remember me last a day).
      const old = jwt.sign({ sub: user.accountId, rm: false, cv: 1, sst: now - 7 * 3600, iat: now - 7 * 3600, exp: now + 5 * 3600 });
      const response = await site
        .http()
        .get('/api/Account/IsTokenValid')
        .set(bearer({ token: old }))
        .expect(200);
      const renewed = response.headers['auth-token'];
      expect(renewed).toEqual(expect.any(String));
      await site
        .http()
        .get('/api/Account/IsTokenValid')
        .set(bearer({ token: renewed }))
        .expect(200);
      const fresh = await site.http().get('/api/Account/IsTokenValid').set(bearer(user)).expect(200);
      expect(fresh.headers['auth-token']).toBeUndefined();
    });
  });

  describe('forgot and reset password', () => {
    it('answers the same for unknown e-mails and sends nothing', async () => {
      const response = await post('ForgotPassword', { Email: 'ghost@example.com' }).expect(200);
      expect(response.body.result).toBe(LINK_SENT);
      await mailSettled(site);
      expect(await countMailTo(site.dataDir, 'ghost@example.com')).toBe(0);
    });

    it('resets the password through the e-mailed link, which then dies', async () => {
      const user = await signUp(site, 'Forgetful');
      expect((await post('ForgotPassword', { Email: user.email }).expect(200)).body.result).toBe(LINK_SENT);
      const link = linkIn(await waitForMailTo(site.dataDir, user.email, { subject: /reset/i }));
      expect(link.url.origin + link.path).toBe('http://localhost:3000/resetpassword');
      // `uname` keeps its SPEC name but carries the opaque account id, never the handle.
      expect(link.UName).toBe(user.accountId);

      const { url: _url, path: _path, ...fields } = link;
      await post('ResetPassword', { ...fields, NewPassword: 'brand-new-1' }).expect(200);
      await post('Login', { Email: user.email, Password: user.password, RememberMe: false }).expect(401);
      await post('Login', { Email: user.email, Password: 'brand-new-1', RememberMe: false }).expect(200);

      const reused = await post('ResetPassword', { ...fields, NewPassword: 'another-one1' }).expect(400);
      expect(reused.body.errorMessage).toBe('This link is invalid or has already been used.');
    });

    it('refuses a tampered link', async () => {
      const user = await signUp(site, 'Tamper Target');
      await post('ForgotPassword', { Email: user.email }).expect(200);
      const { url: _url, path: _path, ...fields } = linkIn(await waitForMailTo(site.dataDir, user.email, { subject: /reset/i }));
      const later = String(Number(fields.Expire) + 3_600_000);
      const response = await post('ResetPassword', { ...fields, Expire: later, NewPassword: 'hijacked-1' }).expect(400);
      expect(response.body.errorMessage).toBe('This link is invalid or has already been used.');
    });
  });

  describe('e-mail confirmation', () => {
    it('sends a confirmation link on signup and on request, and confirms once', async () => {
      const user = await signUp(site, 'Confirmer');
      const link = linkIn(await waitForMailTo(site.dataDir, user.email, { subject: /confirm/i }));
      expect(link.path).toBe('/confirmemail');
      const { url: _url, path: _path, ...fields } = link;
      expect((await post('ConfirmEmail', fields).expect(200)).body.result).toBe(true);
      const again = await post('ConfirmEmail', fields).expect(409);
      expect(again.body.errorMessage).toBe('Your email is already confirmed.');
      expect((await post('SendConfirmEmailLink', { Email: user.email }).expect(200)).body.result).toBe(LINK_SENT);
    });
  });

  describe('operator role commands', () => {
    const roleOf = async (token: string) =>
      (await site.http().get('/api/Account/IsTokenValid').set(bearer({ token })).expect(200)).body.result.roleId;
    /** The CLI appends from another process: the site's accounts projection picks it up within moments. */
    const refusedEventually = async (token: string) => {
      const status = async () => (await site.http().get('/api/Account/IsTokenValid').set(bearer({ token }))).status;
      const deadline = Date.now() + 10_000;
      while ((await status()) === 200 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      return status();
    };

    it('grants and revokes admin from the CLI while the site runs: the old sessions end, the next login has the new role', async () => {
      const user = await signUp(site, 'Future Admin');
      const login = async () =>
        (await post('Login', { Email: user.email, Password: user.password, RememberMe: false }).expect(200)).body.result.token as string;
      const granted = runCli(site.dataDir, ['grant-admin', user.email.toUpperCase()]);
      expect(granted.output).toContain(`${user.email.toUpperCase()} is now an admin.`);
      expect(await refusedEventually(user.token)).toBe(401);
      const adminToken = await login();
      expect(await roleOf(adminToken)).toBe(2);

      const revoked = runCli(site.dataDir, ['revoke-admin', user.email]);
      expect(revoked.status).toBe(0);
      expect(await refusedEventually(adminToken)).toBe(401);
      expect(await roleOf(await login())).toBe(1);
    });

    it('says so when no account has the e-mail', () => {
      const result = runCli(site.dataDir, ['grant-admin', 'nobody@example.com']);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('No account with the e-mail nobody@example.com.');
    });
  });
});
