import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RATE_LIMIT_DEFAULTS } from '@app/contracts';
import { createEventStore, type RecordedEvent } from '@app/event-store';
import { PROJECTION_LEASES_COLLECTION, SEARCH_PROJECTION_NAME } from '@app/projections';
import { createReadStore } from '@app/read-store';
import { TestRedisServer } from '@app/testing';
import { countMailTo, waitForMailTo } from '../support/mailbox';
import { articleBody } from '../support/posts';
import { startProjector, type RunningProjector } from '../support/projector';
import { startServer, type RunningServer } from '../support/server';
import { callSite, grantAdmin, signUpOnSite, type SiteAccount } from '../support/site-api';

interface ProjectorHealth {
  status: string;
  leasesHeld: string[];
}

async function projectorHealth(projector: RunningProjector): Promise<{ status: number; body: ProjectorHealth }> {
  const response = await fetch(projector.healthUrl);
  return { status: response.status, body: (await response.json()) as ProjectorHealth };
}

interface ProjectionHealth {
  name: string;
  state: string;
  checkpoint: string | null;
  lagEvents: number;
  heldBy: string | null;
}

jest.setTimeout(120_000);

const POSTS = 18;

async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check().catch(() => undefined);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`Not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The split topology on one DATA_DIR: two API processes (SITE_ROLE=api), projectors
 * (SITE_ROLE=projector) that hold each projection through a lease, and a private Redis (the
 * checkpoint channel, the abuse limits, the mail queue). A command answered by one API is read
 * there at once and on the other within a second; a SIGKILLed projector is replaced by its standby
 * and every acknowledged command is projected exactly once.
 */
describe('topology: API processes, projectors with leases, Redis', () => {
  let redis: TestRedisServer;
  let dataDir: string;
  const apis: RunningServer[] = [];
  const projectors: RunningProjector[] = [];
  let env: Record<string, string>;
  let worker: ChildProcess | undefined;

  beforeAll(async () => {
    redis = await TestRedisServer.start();
    dataDir = mkdtempSync(join(tmpdir(), 'topology-'));
    env = { REDIS_URL: redis.url, DATA_DIR: dataDir };
    projectors.push(await startProjector(env));
    projectors.push(await startProjector(env));
    // Abuse limits on, logins at their defaults (shared through Redis); posts and likes raised for the burst.
    const rateLimits = 'post=1000/1h,like=1000/1m';
    for (let n = 0; n < 2; n++) apis.push(await startServer({ dataDir, env: { ...env, SITE_ROLE: 'api', RATE_LIMITS: rateLimits } }));
    // The mail worker: writes .eml files under DATA_DIR/mail (no SMTP_URL).
    worker = spawn(process.execPath, [join(__dirname, '..', '..', 'dist', 'apps', 'worker', 'main.js')], {
      env: { ...process.env, ...env },
      stdio: 'ignore',
    });
  });
  afterAll(async () => {
    worker?.kill('SIGTERM');
    for (const api of apis) await api.stop();
    for (const projector of projectors) await projector.kill('SIGTERM');
    await redis?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  let accounts: SiteAccount[] = [];

  it('runs each projection in one projector: every lease has one holder, the first', async () => {
    const readStore = await createReadStore({ dataDir });
    try {
      const leases = await readStore.find<{ id: string; owner: string }>(PROJECTION_LEASES_COLLECTION, {});
      expect(leases.length).toBeGreaterThan(5);
      expect(leases.map((lease) => lease.id)).toContain(SEARCH_PROJECTION_NAME);
      expect(new Set(leases.map((lease) => lease.owner.split(':')[1]))).toEqual(new Set([String(projectors[0].pid)]));
    } finally {
      await readStore.close();
    }
  });

  it("answers each projector's own health check: 200 for the holder and for the standby", async () => {
    const [holder, standby] = await Promise.all(projectors.map(projectorHealth));
    expect(holder).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(holder.body.leasesHeld).toContain(SEARCH_PROJECTION_NAME);
    expect(standby).toMatchObject({ status: 200, body: { status: 'ok', leasesHeld: [] } });
  });

  it('logs in on one API an account signed up on the other', async () => {
    accounts = [await signUpOnSite(apis[0].url, 'Ada Topology'), await signUpOnSite(apis[1].url, 'Bob Topology')];
    accounts.push(await signUpOnSite(apis[0].url, 'Cy Topology'));
    const login = await callSite<{ userName: string; token: string }>(apis[1].url, 'POST', '/api/Account/Login', {
      body: { Email: accounts[0].email, Password: accounts[0].password, RememberMe: false },
    });
    expect(login.userName).toBe(accounts[0].userName);
  });

  it('reads a post on the API that took it right after its answer, and on the other within a second', async () => {
    const id = await callSite<number>(apis[0].url, 'POST', '/api/Article', {
      token: accounts[0].token,
      body: articleBody({ isPublished: true, title: 'Read your writes across processes' }),
    });
    const answeredAt = Date.now();
    expect(await callSite<{ title: string }>(apis[0].url, 'GET', `/api/Article/${id}`)).toMatchObject({
      title: 'Read your writes across processes',
    });
    await eventually(() => callSite<{ title: string }>(apis[1].url, 'GET', `/api/Article/${id}`), 1_000, 'the other API serves the post');
    expect(Date.now() - answeredAt).toBeLessThan(1_000);
  });

  it('replaces a projector SIGKILLed mid-burst: every acknowledged command projected exactly once', async () => {
    const posts: number[] = [];
    let likes = 0;
    let killedAt = 0;
    const startedAt = Date.now();
    let slowest = 0;
    for (let n = 0; n < POSTS; n++) {
      const sentAt = Date.now();
      const author = accounts[n % 3];
      const api = apis[n % 2];
      const id = await callSite<number>(api.url, 'POST', '/api/Article', {
        token: author.token,
        body: articleBody({ isPublished: true, title: `Burst post ${n}` }),
      });
      posts.push(id);
      await Promise.all(
        accounts
          .filter((account) => account !== author)
          .map((account, index) =>
            callSite(apis[(n + index) % 2].url, 'PUT', '/api/Article/Like', { token: account.token, body: { id, isLiked: true } }),
          ),
      );
      likes += 2;
      slowest = Math.max(slowest, Date.now() - sentAt);
      if (n === POSTS / 3) {
        killedAt = Date.now();
        await projectors[0].kill('SIGKILL');
      }
    }
    process.stdout.write(`burst of ${POSTS * 3} commands in ${Date.now() - startedAt} ms, slowest post and its likes ${slowest} ms\n`);
    const eventStore = createEventStore({ dataDir });
    const readStore = await createReadStore({ dataDir });
    try {
      const head = (await eventStore.headPosition())!;
      // The standby took every lease over and caught up with the log.
      await eventually(
        async () => {
          const leases = await readStore.find<{ id: string; owner: string }>(PROJECTION_LEASES_COLLECTION, {});
          const standby = leases.every((lease) => lease.owner.split(':')[1] === String(projectors[1].pid));
          return standby && (await callSite(apis[1].url, 'GET', `/api/Article/${posts[posts.length - 1]}`)) ? true : undefined;
        },
        10_000,
        'the standby runs every projection',
      );
      process.stdout.write(`standby serving ${Date.now() - killedAt} ms after the kill\n`);

      const log: RecordedEvent[] = await eventStore.readAll();
      expect(log[log.length - 1].position).toBeGreaterThanOrEqual(head);
      const drafted = log.filter((event) => event.type === 'ArticleDrafted').map((event) => (event.data as { id: number }).id);
      const liked = log.filter((event) => event.type === 'Liked').length - log.filter((event) => event.type === 'Unliked').length;
      expect(drafted).toEqual(expect.arrayContaining(posts));
      for (const id of posts) {
        const post = await eventually(
          () => callSite<{ likes?: number; likeCount?: number }>(apis[0].url, 'GET', `/api/Article/${id}`),
          5_000,
          `post ${id}`,
        );
        expect(post).toBeDefined();
      }
      // Exactly once: each like counted once in the post views, each post one view.
      const views = await readStore.find<{ id: string; likes: number }>('post_views', {});
      expect(views).toHaveLength(new Set(drafted).size);
      expect(views.reduce((sum, view) => sum + view.likes, 0)).toBe(liked);
      expect(liked).toBe(likes);

      // Each account's confirmation mail sent once, though two projectors ran the mail reactor in turn.
      for (const account of accounts) {
        await waitForMailTo(dataDir, account.email, { timeoutMs: 10_000 });
        expect(await countMailTo(dataDir, account.email)).toBe(1);
      }
    } finally {
      await readStore.close();
      await eventStore.close();
    }
  });

  it("reports on an API process the projections as the surviving projector runs them, with each lease's holder", async () => {
    await grantAdmin(apis[0], accounts[2]);
    const health = async () => {
      const response = await fetch(`${apis[0].url}/api/health`, { headers: { Authorization: `Bearer ${accounts[2].token}` } });
      expect(response.status).toBe(200);
      return ((await response.json()) as { result: { eventStoreHead: string; projections: ProjectionHealth[] } }).result;
    };
    const survivor = `:${projectors[1].pid}:`;
    const caughtUp = await eventually(
      async () => {
        const result = await health();
        return result.projections.every((projection) => projection.state === 'running' && projection.lagEvents === 0) ? result : undefined;
      },
      10_000,
      'every projection running and caught up, as GET /api/health on an API process reports it',
    );
    expect(caughtUp.projections.length).toBeGreaterThan(5);
    for (const projection of caughtUp.projections) {
      expect(projection.heldBy).toContain(survivor);
      expect(BigInt(projection.checkpoint ?? '-1')).toBeGreaterThan(0n);
    }
    expect(await projectorHealth(projectors[1])).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('limits login failures for one e-mail spread over both APIs as one', async () => {
    const account = await signUpOnSite(apis[0].url, 'Dee Limited');
    const login = (n: number, password: string) =>
      fetch(`${apis[n % 2].url}/api/Account/Login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ Email: account.email, Password: password, RememberMe: false }),
      });
    const limit = RATE_LIMIT_DEFAULTS['login-email-address'].max;
    for (let n = 0; n < limit; n++) {
      const response = await login(n, 'a-wrong-pass1');
      expect([n, response.status]).toEqual([n, 401]);
    }
    // The next attempt is refused on either API, whichever the failures went to, even with the right password.
    for (let n = limit; n < limit + 2; n++) {
      const response = await login(n, account.password);
      expect([n, response.status]).toEqual([n, 429]);
      const envelope = (await response.json()) as { success: boolean; errorMessage: string };
      expect(envelope.success).toBe(false);
      expect(envelope.errorMessage).toMatch(/^Too many/);
    }
  });
});

/** Embedded, no Redis: the API processes are woken by the read store's WAL, the projector sends the mail. */
describe('topology embedded: two API processes and a projector on one DATA_DIR, no Redis', () => {
  let dataDir: string;
  const apis: RunningServer[] = [];
  let projector: RunningProjector | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'topology-embedded-'));
    projector = await startProjector({ DATA_DIR: dataDir });
    for (let n = 0; n < 2; n++) apis.push(await startServer({ dataDir, env: { SITE_ROLE: 'api' } }));
  });
  afterAll(async () => {
    for (const api of apis) await api.stop();
    await projector?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers a command once its effect is readable, and the other API serves it', async () => {
    const account = await signUpOnSite(apis[0].url, 'Eve Embedded');
    await callSite(apis[1].url, 'POST', '/api/Account/Login', {
      body: { Email: account.email, Password: account.password, RememberMe: false },
    });
    for (let n = 0; n < 5; n++) {
      const id = await callSite<number>(apis[n % 2].url, 'POST', '/api/Article', {
        token: account.token,
        body: articleBody({ isPublished: true, title: `Embedded post ${n}` }),
      });
      expect(await callSite<{ title: string }>(apis[n % 2].url, 'GET', `/api/Article/${id}`)).toMatchObject({
        title: `Embedded post ${n}`,
      });
      await eventually(() => callSite(apis[(n + 1) % 2].url, 'GET', `/api/Article/${id}`), 1_000, 'the other API serves the post');
    }
  });
});
