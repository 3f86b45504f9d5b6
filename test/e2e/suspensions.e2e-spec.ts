import { suspendedMessage, type RecentModerationEntry } from '@app/contracts';
import type { EventStore } from '@app/event-store';
import { ACCOUNTS_COLLECTION, MODERATION_LOG_COLLECTION, ProjectionRunner, rebuildProjection } from '@app/projections';
import type { ReadStore } from '@app/read-store';
import { EVENT_STORE, READ_STORE } from '@app/api';
import { bearer, makeAdmin, signUp, type TestUser } from '../support/accounts';
import { articleBody, createPost, documentsOf } from '../support/posts';
import { eventually } from '../support/eventually';
import { runCli } from '../support/run-cli';
import { startTestApp, type TestApp } from '../support/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Issue 27: PUT /api/Admin/Suspend and /Unsuspend; a suspended person is refused everywhere, and back after `until`. */
describe('suspensions', () => {
  let site: TestApp;
  let admin: TestUser;
  // The site's clock: moved on to see a suspension end.
  let clockMs = Date.now();
  const clock = () => new Date(clockMs);

  beforeAll(async () => {
    site = await startTestApp({ clock });
    admin = await makeAdmin(site, await signUp(site, 'Moderator Mia'));
  });
  afterAll(() => site.dispose());

  const suspend = (body: object, as: TestUser = admin) => site.http().put('/api/Admin/Suspend').set(bearer(as)).send(body);
  const unsuspend = (userName: string, as: TestUser = admin) => site.http().put('/api/Admin/Unsuspend').set(bearer(as)).send({ userName });
  const login = (user: TestUser) =>
    site.http().post('/api/Account/Login').send({ Email: user.email, Password: user.password, RememberMe: false });
  const apiToken = async (user: TestUser) =>
    (
      await site
        .http()
        .post('/api/Account/ApiTokens')
        .set(bearer(user))
        .send({ name: 'script', scopes: ['read', 'write'], expiresInDays: 90 })
        .expect(200)
    ).body.result.token as string;

  it('ends their sessions and API tokens at once, refuses login with the end and the reason, keeps their content, and lets them back when lifted', async () => {
    const spammer = await signUp(site, 'Sam Spammer');
    const second = (await login(spammer).expect(200)).body.result.token as string;
    const token = await apiToken(spammer);
    const articleId = await createPost(site, 'Article', spammer, articleBody({ title: 'Still here after', isPublished: true }));

    const until = new Date(clockMs + 3 * DAY_MS).toISOString();
    const suspended = await suspend({ userName: spammer.userName, until, reason: 'Spam links' }).expect(200);
    expect(suspended.body.result).toEqual({ userName: spammer.userName, suspension: { until, reason: 'Spam links' } });

    // Every session ends (the accounts read model, which every API process reads, was settled), and no API token works.
    for (const bearerToken of [spammer.token, second, token])
      await site
        .http()
        .get('/api/Account/IsTokenValid')
        .set(bearer({ token: bearerToken }))
        .expect(401);
    await site
      .http()
      .post('/api/Article')
      .set(bearer({ token }))
      .send(articleBody({ title: 'Refused' }))
      .expect(401);

    const refused = await login(spammer).expect(403);
    expect(refused.body).toMatchObject({ success: false, errorMessage: suspendedMessage({ until, reason: 'Spam links' }) });
    expect(refused.body.errorMessage).toMatch(
      /^Your account is suspended until \d{4}-\d{2}-\d{2}( \d{2}:\d{2} UTC)?\. Reason: Spam links$/,
    );
    // A wrong password learns nothing of it.
    await site.http().post('/api/Account/Login').send({ Email: spammer.email, Password: 'wrong-pass1', RememberMe: false }).expect(401);
    // Their content stays.
    await site.http().get(`/api/Article/${articleId}`).expect(200);

    expect((await unsuspend(spammer.userName).expect(200)).body.result).toEqual({ userName: spammer.userName, suspension: null });
    const back = (await login(spammer).expect(200)).body.result.token as string;
    await site
      .http()
      .get('/api/Account/IsTokenValid')
      .set(bearer({ token: back }))
      .expect(200);
    // The API token was only held, not revoked.
    await site.http().get('/api/Account/IsTokenValid').set(bearer({ token })).expect(200);
  });

  it('suspends indefinitely, and a dated suspension stops blocking once its day has passed', async () => {
    const person = await signUp(site, 'Ivy Indefinite');
    await suspend({ userName: person.userName, until: null, reason: 'Abuse' }).expect(200);
    expect((await login(person).expect(403)).body.errorMessage).toBe('Your account is suspended indefinitely. Reason: Abuse');
    await unsuspend(person.userName).expect(200);

    const tomorrow = new Date(clockMs + DAY_MS).toISOString().slice(0, 10);
    await suspend({ userName: person.userName, until: tomorrow, reason: 'Cool off' }).expect(200);
    expect((await login(person).expect(403)).body.errorMessage).toBe(`Your account is suspended until ${tomorrow}. Reason: Cool off`);
    clockMs = new Date(`${tomorrow}T00:00:00.000Z`).getTime() + 1;
    // Up to a day went by: the admin's session token (12 hours) may have run out. Sign in again.
    admin = { ...admin, token: (await login(admin).expect(200)).body.result.token as string };
    const token = (await login(person).expect(200)).body.result.token as string;
    await site.http().get('/api/Account/IsTokenValid').set(bearer({ token })).expect(200);
    // Lifting one that has ended changes nothing.
    await unsuspend(person.userName).expect(200);
  });

  it('appears in the moderation activity feed with the admin who did it and the person', async () => {
    const person = await signUp(site, 'Felix Feed');
    await suspend({ userName: person.userName, until: null, reason: 'Trolling' }).expect(200);
    await unsuspend(person.userName).expect(200);
    const feed = (await site.http().get('/api/Moderation').set(bearer(admin)).expect(200)).body.result as RecentModerationEntry[];
    const mine = feed.filter((entry) => entry.subject?.userName === person.userName);
    expect(
      mine.map(({ action, actor, actorName, subject, until, reason }) => ({ action, actor, actorName, subject, until, reason })),
    ).toEqual([
      {
        action: 'unsuspend',
        actor: admin.userName,
        actorName: 'Moderator Mia',
        subject: { userName: person.userName, name: 'Felix Feed' },
        until: undefined,
        reason: undefined,
      },
      {
        action: 'suspend',
        actor: admin.userName,
        actorName: 'Moderator Mia',
        subject: { userName: person.userName, name: 'Felix Feed' },
        until: null,
        reason: 'Trolling',
      },
    ]);
  });

  it('refuses bad requests with a message: unknown people, admins, past ends, malformed dates, missing reasons', async () => {
    const person = await signUp(site, 'Val Idation');
    expect((await suspend({ userName: 'nobody-here', until: null, reason: 'x' }).expect(404)).body).toMatchObject({
      success: false,
      errorMessage: 'User not found.',
    });
    expect((await suspend({ userName: admin.userName, until: null, reason: 'x' }).expect(400)).body.errorMessage).toMatch(
      /admin cannot be suspended/,
    );
    expect((await suspend({ userName: person.userName, until: '2001-01-01', reason: 'x' }).expect(400)).body.errorMessage).toMatch(
      /in the future/,
    );
    expect((await suspend({ userName: person.userName, until: 'next week', reason: 'x' }).expect(400)).body.errorMessage).toMatch(
      /until must be/,
    );
    expect((await suspend({ userName: person.userName, until: null, reason: ' ' }).expect(400)).body.errorMessage).toMatch(
      /reason is required/,
    );
    await unsuspend('nobody-here').expect(404);
    // Only admins: a user is refused, anonymous must log in.
    await suspend({ userName: person.userName, until: null, reason: 'x' }, person).expect(403);
    await site.http().put('/api/Admin/Suspend').send({ userName: person.userName, until: null, reason: 'x' }).expect(401);
  });

  it('lists people for the Admin Panel with their suspension', async () => {
    const person = await signUp(site, 'Listed Lou');
    await suspend({ userName: person.userName, until: null, reason: 'Listed' }).expect(200);
    const rows = (await site.http().get('/api/Admin/Users').query({ startsWith: person.userName }).set(bearer(admin)).expect(200)).body
      .result;
    expect(rows).toEqual([
      { userName: person.userName, name: 'Listed Lou', roleId: 1, emailConfirmed: false, suspension: { until: null, reason: 'Listed' } },
    ]);
    await site.http().get('/api/Admin/Users').set(bearer(person)).expect(401);
  });

  it('rebuilds the accounts and the moderation log from zero into the same documents as the live ones', async () => {
    const head = await site.app.get<EventStore>(EVENT_STORE).headPosition();
    if (head !== null) await site.app.get(ProjectionRunner).waitFor(head, undefined, 60_000);
    const liveAccounts = await documentsOf(site, ACCOUNTS_COLLECTION);
    const liveLog = await documentsOf(site, MODERATION_LOG_COLLECTION);
    for (const name of ['accounts', 'moderation-log']) {
      const projection = site.app.get(ProjectionRunner).projections.find((candidate) => candidate.name === name)!;
      await rebuildProjection(site.app.get<EventStore>(EVENT_STORE), site.app.get<ReadStore>(READ_STORE), projection);
    }
    expect(await documentsOf(site, ACCOUNTS_COLLECTION)).toEqual(liveAccounts);
    expect(await documentsOf(site, MODERATION_LOG_COLLECTION)).toEqual(liveLog);
  });

  it('suspends and unsuspends from the operator CLI while the site runs (actor operator)', async () => {
    const person = await signUp(site, 'Cli Person');
    clockMs = Date.now();
    const suspended = runCli(site.dataDir, ['suspend-user', person.email, '--until', '2099-01-01', '--reason', 'Operator says no']);
    expect(suspended.output).toContain(`${person.email} is suspended until 2099-01-01T00:00:00.000Z.`);
    // Login reads the write side; the guard's read model picks the CLI's append up within moments.
    expect((await login(person).expect(403)).body.errorMessage).toBe(
      'Your account is suspended until 2099-01-01. Reason: Operator says no',
    );
    const tokenStatus = async () => (await site.http().get('/api/Account/IsTokenValid').set(bearer(person))).status;
    await eventually(async () => (await tokenStatus()) === 401, 'the session to end', 10_000, 100);

    const lifted = runCli(site.dataDir, ['unsuspend-user', person.email]);
    expect(lifted.output).toContain(`${person.email} is no longer suspended.`);
    await login(person).expect(200);

    const bad = runCli(site.dataDir, ['suspend-user', person.email, '--until', 'soon']);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/--until must be an ISO date/);
    expect(runCli(site.dataDir, ['suspend-user', 'nobody@example.com']).stderr).toContain('No account with the e-mail nobody@example.com.');
  });
});
