import { EVENT_STORE, JOB_QUEUE, READ_STORE } from '@app/api';
import type { ReadStore } from '@app/read-store';
import type { EventStore } from '@app/event-store';
import { PersonalDataVault } from '@app/personal-data';
import { createProjections, type Reactor } from '@app/projections';
import type { JobQueue } from '@app/queue';
import { bearer, signUp, type TestUser } from '../support/accounts';
import { mailSettled } from '../support/mail-settled';
import { mailsTo } from '../support/mailbox';
import { startTestApp, type TestApp } from '../support/test-app';

const CHROME_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const NEW_SIGN_IN = /^New sign-in to your account$/;
const REMOVED = /^A sign-in method was removed$/;

describe('the owner is mailed on a new sign-in and on a revoked API token, once each', () => {
  const T0 = Date.parse('2026-06-01T09:00:00.000Z');
  let now = T0;
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp({ clock: () => new Date(now) });
  });
  afterAll(() => site.dispose());

  it("mails a login with its browser, device and address, once; not the signup's own session", async () => {
    now = T0;
    const user = await signUp(site, 'Watchful Owner');
    await mailSettled(site);
    expect(await mailsTo(site.dataDir, user.email, NEW_SIGN_IN)).toEqual([]);

    now = T0 + 10 * 60_000;
    await site
      .http()
      .post('/api/Account/Login')
      .set('User-Agent', CHROME_ON_LINUX)
      .send({ Email: user.email, Password: user.password, RememberMe: false })
      .expect(200);
    await mailSettled(site);
    const mails = await mailsTo(site.dataDir, user.email, NEW_SIGN_IN);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toMatch(
      /^Hello Watchful Owner,\n\nYour account was signed in to on Mon, 01 Jun 2026 09:10:00 GMT with Chrome 120 on Linux \(desktop\), from the address (::ffff:)?127\.0\.0\.1\.\n\nIf this was you, there is nothing to do\. If it was not, end that session under "Active sessions" in your settings and reset your password at once\./,
    );
    expect(mails[0].html).toContain('Chrome 120 on Linux (desktop)');
  });

  /** Hands every event of the log to the sign-in mail reactor again, as a restart before its checkpoint moved would. */
  const replaySignInMails = async () => {
    const eventStore = site.app.get<EventStore>(EVENT_STORE);
    const reactor = createProjections({
      eventStore,
      readStore: site.app.get<ReadStore>(READ_STORE),
      vault: site.app.get(PersonalDataVault),
      queue: site.app.get<JobQueue>(JOB_QUEUE),
      publicUrl: 'http://localhost',
      credentialLinkSecret: 'unused',
      clock: () => new Date(now),
    }).find((projection) => projection.name === 'sign-in-mail') as Reactor;
    for (const recorded of await eventStore.readAll()) if (reactor.handles.includes(recorded.type)) await reactor.apply(recorded);
    await mailSettled(site);
  };
  const countOf = async (user: TestUser, subject: RegExp) => (await mailsTo(site.dataDir, user.email, subject)).length;

  it('sends each notice once, even when the reactor sees its events again (job id = event id)', async () => {
    now = T0;
    const user = await signUp(site, 'Replayed Owner');
    now = T0 + 10 * 60_000;
    await site.http().post('/api/Account/Login').send({ Email: user.email, Password: user.password, RememberMe: false }).expect(200);
    await mailSettled(site);
    expect(await countOf(user, NEW_SIGN_IN)).toBe(1);
    await replaySignInMails();
    expect(await countOf(user, NEW_SIGN_IN)).toBe(1);
  });

  it('mails a revoked token by its name, once; a wrong revocation mails nothing', async () => {
    now = T0;
    const user = await signUp(site, 'Token Keeper');
    const created = await site
      .http()
      .post('/api/Account/ApiTokens')
      .set(bearer(user))
      .send({ name: 'CI bot', scopes: ['read'], expiresInDays: 30 })
      .expect(200);
    await site
      .http()
      .delete(`/api/Account/ApiTokens/${created.body.result.id as string}`)
      .set(bearer(user))
      .expect(200);
    await site
      .http()
      .delete(`/api/Account/ApiTokens/${created.body.result.id as string}`)
      .set(bearer(user))
      .expect(404);
    await mailSettled(site);
    const mails = await mailsTo(site.dataDir, user.email, REMOVED);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(
      'A sign-in method was removed from your account on Mon, 01 Jun 2026 09:00:00 GMT: a personal API token ("CI bot").',
    );
  });
});
