import type { SystemStatus } from '@app/contracts';
import type { EventStore } from '@app/event-store';
import type { JobQueue } from '@app/queue';
import { EVENT_STORE, JOB_QUEUE } from '@app/api';
import { ProjectionRunner, SEARCH_PROJECTION_NAME } from '@app/projections';
import { bearer, makeAdmin, signUp, type TestUser } from '../support/accounts';
import { eventually } from '../support/eventually';
import { articleBody, createPost } from '../support/posts';
import { startTestApp, type TestApp } from '../support/test-app';

/** GET /api/Admin/System: the Admin Panel's System card (admins only). */
describe('GET /api/Admin/System', () => {
  let site: TestApp;
  let member: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    site = await startTestApp();
    await site.app.listen(0);
    member = await signUp(site, 'Mia Member');
    admin = await makeAdmin(site, await signUp(site, 'Root Admin'));
    await createPost(site, 'Article', member, articleBody({ isPublished: true }));
  });
  afterAll(() => site.dispose());

  const systemStatus = async (): Promise<SystemStatus> => {
    const response = await site.http().get('/api/Admin/System').set(bearer(admin));
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    return response.body.result as SystemStatus;
  };

  it('refuses visitors (401) and members (403) in the envelope', async () => {
    const anonymous = await site.http().get('/api/Admin/System');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ success: false });
    const asMember = await site.http().get('/api/Admin/System').set(bearer(member));
    expect(asMember.status).toBe(403);
    expect(asMember.body).toMatchObject({ success: false, errorMessage: 'Only an admin can do this.' });
  });

  it('lists every projection and reactor at the head of the log, running with no lag, and the queue', async () => {
    const eventStore = site.app.get<EventStore>(EVENT_STORE);
    const head = (await eventStore.headPosition())!;
    await site.app.get(ProjectionRunner).waitFor(head, undefined, 5_000);
    const status = await systemStatus();

    expect(status.head).toBe(head.toString());
    const names = status.projections.map((projection) => projection.name);
    expect(names).toEqual(expect.arrayContaining(['accounts', 'home', 'post-view', 'comments', 'account-mail', SEARCH_PROJECTION_NAME]));
    expect(names).toEqual(
      site.app
        .get(ProjectionRunner)
        .status()
        .map((projection) => projection.name),
    );
    for (const projection of status.projections) {
      expect(projection).toEqual({
        name: projection.name,
        state: 'running',
        position: head.toString(),
        lagEvents: 0,
        lagSeconds: 0,
        lastError: null,
        failureCategory: null,
        failingSince: null,
        parkedEvents: 0,
      });
    }
    // The signup confirmation mails were sent by the embedded mail consumer.
    await eventually(async () => (await systemStatus()).queue.depth === 0, 'the queue to drain');
    expect((await systemStatus()).queue).toEqual({ depth: 0, waiting: 0, active: 0, failed: 0 });
  });

  it('counts the jobs waiting in the queue', async () => {
    await site.app.get<JobQueue>(JOB_QUEUE).enqueue({ id: 'system-card-job', name: 'nobody-consumes-this', data: {} });
    expect((await systemStatus()).queue).toMatchObject({ depth: 1, waiting: 1 });
  });

  it('shows projections that stopped following the log as behind by the events and seconds since', async () => {
    const runner = site.app.get(ProjectionRunner);
    const before = await systemStatus();
    await runner.stop();
    await createPost(site, 'Article', member, articleBody({ isPublished: true, title: 'While the projections are stopped' }));
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const status = await systemStatus();
    const home = status.projections.find((projection) => projection.name === 'home')!;
    expect(home.position).toBe(before.head);
    expect(home.lagEvents).toBeGreaterThanOrEqual(1);
    expect(home.lagSeconds).toBeGreaterThanOrEqual(1);
    expect(home.state).toBe('stopped');
  });
});
