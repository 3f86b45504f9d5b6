import type { JobQueue } from '@app/queue';
import type { EventStore } from '@app/event-store';
import { EVENT_STORE, JOB_QUEUE } from '@app/api';
import { ProjectionRunner, SEARCH_PROJECTION_NAME } from '@app/projections';
import { bearer, signUp, type TestUser } from '../support/accounts';
import { articleBody, createPost } from '../support/posts';
import { parsePrometheusText, type PrometheusScrape } from '../support/prometheus-text';
import { startTestApp, type TestApp } from '../support/test-app';

/** GET /metrics: Prometheus text format, outside /api and the envelope, counters that move, METRICS_TOKEN. */
describe('GET /metrics', () => {
  let site: TestApp;
  let author: TestUser;

  beforeAll(async () => {
    site = await startTestApp();
    await site.app.listen(0);
    author = await signUp(site, 'Ada Author');
  });
  afterAll(() => site.dispose());

  const scrape = async (): Promise<PrometheusScrape> => {
    const response = await site.http().get('/metrics');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain;/);
    expect(response.headers['content-type']).toMatch(/version=0\.0\.4/);
    return parsePrometheusText(response.text);
  };

  it('answers the Prometheus text format, not the envelope, with every family declared', async () => {
    const response = await site.http().get('/metrics');
    expect(response.status).toBe(200);
    expect(response.text.startsWith('{')).toBe(false);
    const metrics = parsePrometheusText(response.text);
    expect(Object.fromEntries(metrics.types)).toMatchObject({
      http_requests_total: 'counter',
      http_request_duration_seconds: 'histogram',
      devcommunity_commands_total: 'counter',
      devcommunity_events_appended_total: 'counter',
      devcommunity_event_log_head_position: 'gauge',
      devcommunity_projection_position: 'gauge',
      devcommunity_projection_lag_events: 'gauge',
      devcommunity_projection_lag_seconds: 'gauge',
      devcommunity_projection_state: 'gauge',
      devcommunity_queue_depth: 'gauge',
      devcommunity_queue_failed_jobs: 'gauge',
      process_cpu_seconds_total: 'counter',
    });
    expect((await site.http().get('/api/metrics')).status).toBe(404);
  });

  it('counts requests by route pattern with their latency, commands by outcome and appended events', async () => {
    const before = await scrape();
    const route = { method: 'POST', route: '/api/Article', status: '200' };
    const articleId = await createPost(site, 'Article', author, articleBody({ isPublished: true }));
    await site
      .http()
      .post('/api/Article')
      .set(bearer(author))
      .send(articleBody({ title: '' })); // refused: 400
    await site.http().get(`/api/Article/${articleId}`).expect(200);
    await site.http().get('/api/Article/987654').expect(404);
    const after = await scrape();

    expect(after.sum('http_requests_total', route) - before.sum('http_requests_total', route)).toBe(1);
    expect(
      after.value('http_request_duration_seconds_count', route)! - (before.value('http_request_duration_seconds_count', route) ?? 0),
    ).toBe(1);
    expect(after.value('http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(
      after.value('http_request_duration_seconds_count', route),
    );
    expect(after.sum('http_requests_total', { method: 'POST', route: '/api/Article', status: '400' })).toBeGreaterThanOrEqual(1);
    expect(after.sum('http_requests_total', { route: '/api/Article/:id', status: '200' })).toBeGreaterThanOrEqual(1);
    // The pattern, never the raw URL: the ids do not become series of their own.
    expect(
      after.samples.some((sample) => sample.labels.route?.includes(String(articleId)) || sample.labels.route?.includes('987654')),
    ).toBe(false);

    const accepted = { command: 'DraftArticle', outcome: 'accepted' };
    expect(after.sum('devcommunity_commands_total', accepted) - before.sum('devcommunity_commands_total', accepted)).toBe(1);
    const appended = after.sum('devcommunity_events_appended_total') - before.sum('devcommunity_events_appended_total');
    expect(appended).toBeGreaterThanOrEqual(1);
  });

  it('reports each projection at the head of the log with no lag, and the queue', async () => {
    const eventStore = site.app.get<EventStore>(EVENT_STORE);
    await site.app.get(ProjectionRunner).waitFor((await eventStore.headPosition())!, undefined, 5_000);
    const metrics = await scrape();
    const head = metrics.value('devcommunity_event_log_head_position')!;
    expect(head).toBe(Number(await eventStore.headPosition()));
    for (const projection of ['home', 'accounts', 'post-view', SEARCH_PROJECTION_NAME]) {
      expect(metrics.value('devcommunity_projection_position', { projection })).toBe(head);
      expect(metrics.value('devcommunity_projection_lag_events', { projection })).toBe(0);
      expect(metrics.value('devcommunity_projection_lag_seconds', { projection })).toBe(0);
      expect(metrics.value('devcommunity_projection_state', { projection, state: 'running' })).toBe(1);
      expect(metrics.value('devcommunity_projection_state', { projection, state: 'behind' })).toBe(0);
    }
    expect(metrics.value('devcommunity_queue_failed_jobs')).toBe(0);
  });

  it('shows the queue depth growing with a job nobody consumes', async () => {
    const before = (await scrape()).value('devcommunity_queue_depth')!;
    await site.app.get<JobQueue>(JOB_QUEUE).enqueue({ id: `metrics-${Date.now()}`, name: 'nobody-consumes-this', data: {} });
    const after = await scrape();
    expect(after.value('devcommunity_queue_depth')).toBe(before + 1);
    expect(after.value('devcommunity_queue_jobs', { state: 'waiting' })).toBeGreaterThanOrEqual(1);
  });

  it('shows the lag in events and seconds of projections that stopped following the log', async () => {
    await site.app.get(ProjectionRunner).stop();
    await createPost(site, 'Article', author, articleBody({ isPublished: true, title: 'Written while the projections are stopped' }));
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const metrics = await scrape();
    expect(metrics.value('devcommunity_projection_lag_events', { projection: 'home' })).toBeGreaterThanOrEqual(1);
    expect(metrics.value('devcommunity_projection_lag_seconds', { projection: 'home' })).toBeGreaterThanOrEqual(1);
    expect(metrics.value('devcommunity_projection_state', { projection: 'home', state: 'running' })).toBe(0);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp({ env: { METRICS_TOKEN: 'scrape-me-please' } });
  });
  afterAll(() => site.dispose());

  it('refuses a missing or wrong token with 401 in the envelope', async () => {
    for (const authorization of [undefined, 'Bearer wrong', 'scrape-me-please', 'Bearer scrape-me-please-not']) {
      const request = site.http().get('/metrics');
      const response = await (authorization ? request.set('Authorization', authorization) : request);
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ success: false, errorMessage: 'A valid metrics token is required.' });
    }
  });

  it('answers the right bearer token', async () => {
    const response = await site.http().get('/metrics').set('Authorization', 'Bearer scrape-me-please');
    expect(response.status).toBe(200);
    expect(parsePrometheusText(response.text).types.get('devcommunity_queue_depth')).toBe('gauge');
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

if (!redisUrl) {
  describe('GET /metrics on BullMQ', () => it.todo('runs when TEST_REDIS_URL is set (npm test starts a Redis)'));
} else
  describe('GET /metrics on BullMQ', () => {
    let site: TestApp;
    let redisDatabase: string;

    beforeAll(async () => {
      // A Redis database of its own, so jobs of other suites do not count.
      const url = new URL(redisUrl);
      url.pathname = '/9';
      redisDatabase = url.toString();
      site = await startTestApp({ env: { REDIS_URL: redisDatabase } });
    });
    afterAll(() => site.dispose());

    it('reports the depth of the BullMQ queue', async () => {
      const depth = async () => {
        const response = await site.http().get('/metrics').expect(200);
        return parsePrometheusText(response.text).value('devcommunity_queue_depth')!;
      };
      const before = await depth();
      await site.app.get<JobQueue>(JOB_QUEUE).enqueue({ id: `metrics-${Date.now()}`, name: 'nobody-consumes-this', data: {} });
      expect(await depth()).toBe(before + 1);
    });
  });

describe('GET /metrics in production without METRICS_TOKEN', () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp({ env: { NODE_ENV: 'production' } });
  });
  afterAll(() => site.dispose());

  it('is not answered (404 in the envelope)', async () => {
    for (const path of ['/metrics', '/Metrics']) {
      const response = await site.http().get(path);
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ success: false });
      expect(response.text).not.toContain('devcommunity_');
    }
  });
});

describe('GET /metrics in production with METRICS_TOKEN', () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp({ env: { NODE_ENV: 'production', METRICS_TOKEN: 'scrape-me-please' } });
  });
  afterAll(() => site.dispose());

  it('answers the right bearer token only', async () => {
    expect((await site.http().get('/metrics')).status).toBe(401);
    await site.http().get('/metrics').set('Authorization', 'Bearer scrape-me-please').expect(200);
  });
});
