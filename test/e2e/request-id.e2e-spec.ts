import type { EventStore } from '@app/event-store';
import { EVENT_STORE } from '@app/api';
import { bearer, signUp, type TestUser } from '../support/accounts';
import { articleBody } from '../support/posts';
import { startTestApp, type TestApp } from '../support/test-app';

/** Issue 13: every request has an id (the caller's X-Request-Id or a fresh one), echoed, and the correlationId of its events. */
describe('request id', () => {
  let site: TestApp;
  let author: TestUser;

  beforeAll(async () => {
    site = await startTestApp();
    author = await signUp(site, 'Ada Author');
  });
  afterAll(() => site.dispose());

  const eventsOf = (streamName: string) => site.app.get<EventStore>(EVENT_STORE).readStream(streamName);

  it("echoes the caller's request id and records it as the correlationId of every event the request appends", async () => {
    const response = await site
      .http()
      .post('/api/Article')
      .set(bearer(author))
      .set('X-Request-Id', 'edge-7f3a.42')
      .send(articleBody({ isPublished: true, defaultImageId: 3 }))
      .expect(200);
    expect(response.headers['x-request-id']).toBe('edge-7f3a.42');
    const events = await eventsOf(`article-${response.body.result as number}`);
    expect(events.map((event) => event.type)).toEqual(['ArticleDrafted', 'ArticleDefaultImageChosen', 'ArticlePublished']);
    expect(events.map((event) => event.metadata.correlationId)).toEqual(['edge-7f3a.42', 'edge-7f3a.42', 'edge-7f3a.42']);
  });

  it('makes a fresh id when none or an invalid one is sent, and uses that one for the events', async () => {
    for (const header of [undefined, 'not valid!', 'x'.repeat(200)]) {
      const call = site.http().post('/api/Article').set(bearer(author));
      const response = await (header === undefined ? call : call.set('X-Request-Id', header)).send(articleBody()).expect(200);
      const requestId = response.headers['x-request-id'];
      expect(requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      const [drafted] = await eventsOf(`article-${response.body.result as number}`);
      expect(drafted.metadata.correlationId).toBe(requestId);
    }
  });

  it('gives every request its own id, failures included', async () => {
    const first = await site.http().get('/api/Article/999999').expect(404);
    const second = await site.http().get('/api/Article/999999').expect(404);
    const malformed = await site.http().post('/api/Article').set('Content-Type', 'application/json').send('{').expect(400);
    const ids = [first, second, malformed].map((response) => response.headers['x-request-id']);
    expect(new Set(ids).size).toBe(3);
    expect(malformed.body).toMatchObject({ success: false, errorMessage: 'The request body is not valid JSON.' });
  });

  it('names the signup events with the request id too', async () => {
    const response = await site
      .http()
      .post('/api/Account/Signup')
      .set('X-Request-Id', 'signup-trace-1')
      .send({ Name: 'Bea', Email: 'bea-request-id@example.com', Password: 'secret-pass1' });
    expect(response.headers['x-request-id']).toBe('signup-trace-1');
    const all = await site.app.get<EventStore>(EVENT_STORE).readAll();
    expect(all.filter((event) => event.metadata.correlationId === 'signup-trace-1').length).toBeGreaterThan(0);
  });
});
