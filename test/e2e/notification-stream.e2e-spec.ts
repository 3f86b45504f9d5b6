import { bearer, signUp, type TestUser } from '../support/accounts';
import { articleBody, createPost } from '../support/posts';
import { startTestApp, type TestApp } from '../support/test-app';

/** The live inbox (issue 26): a ticket, then server-sent events that resume after Last-Event-ID. */
describe('the notification stream', () => {
  let site: TestApp;
  let baseUrl: string;
  let author: TestUser;
  let ann: TestUser;
  let articleId: number;
  /** How far the site's clock runs ahead, to let a ticket expire. */
  let skewMs = 0;

  beforeAll(async () => {
    site = await startTestApp({ env: { RATE_LIMITS: 'off' }, clock: () => new Date(Date.now() + skewMs) });
    await site.app.listen(0);
    baseUrl = (await site.app.getUrl()).replace('[::1]', '127.0.0.1');
    author = await signUp(site, 'Ada Author');
    ann = await signUp(site, 'Ann Reader');
    articleId = await createPost(site, 'Article', author, articleBody({ isPublished: true, title: 'Engines of thought' }));
  });
  afterAll(() => site.dispose());

  const ticketOf = async (user: TestUser) =>
    (await site.http().post('/api/Notification/StreamTicket').set(bearer(user)).expect(200)).body.result.ticket as string;
  const comment = (user: TestUser, text: string) =>
    site
      .http()
      .post('/api/ArticleComment')
      .set(bearer(user))
      .send({ content: `<p>${text}</p>`, articleID: articleId, parentId: -1, attachedFiles: [] })
      .expect(200);

  interface StreamEvent {
    id?: string;
    event: string;
    data: string;
  }

  /** Opens the stream and collects its events; `until` waits for one that matches. */
  async function openStream(ticket: string, lastEventId?: string) {
    const controller = new AbortController();
    const response = await fetch(`${baseUrl}/api/Notification/Stream?ticket=${encodeURIComponent(ticket)}`, {
      headers: lastEventId ? { 'Last-Event-ID': lastEventId } : {},
      signal: controller.signal,
    });
    const events: StreamEvent[] = [];
    const waiters = new Set<() => void>();
    let buffer = '';
    const reading = (async () => {
      const decoder = new TextDecoder();
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((line) => line && !line.startsWith(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trimStart()]),
          ) as Record<string, string>;
          if (fields.event) events.push({ id: fields.id, event: fields.event, data: fields.data });
          waiters.forEach((wake) => wake());
        }
      }
    })().catch(() => undefined);
    return {
      response,
      events,
      async until(match: (event: StreamEvent) => boolean, timeoutMs = 20_000): Promise<StreamEvent> {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const found = events.find(match);
          if (found) return found;
          if (Date.now() > deadline) throw new Error(`no matching event in ${JSON.stringify(events)}`);
          await new Promise<void>((resolve) => {
            waiters.add(resolve);
            setTimeout(resolve, 200);
          });
        }
      },
      async close() {
        controller.abort();
        await reading;
      },
    };
  }

  it('pushes a notification created after connecting, and the unread count', async () => {
    const stream = await openStream(await ticketOf(author));
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await stream.until((event) => event.event === 'unread');
    await comment(ann, 'Live one');
    const pushed = await stream.until((event) => event.event === 'notification');
    expect(JSON.parse(pushed.data)).toMatchObject({ kind: 'comment', actors: [{ userName: ann.userName }] });
    expect(pushed.id).toBe(String(JSON.parse(pushed.data).seq));
    const count = await stream.until((event) => event.event === 'unread' && JSON.parse(event.data).count === 1);
    expect(count.id).toBe(pushed.id);
    await stream.close();

    // What came while no stream was open arrives on a reconnect with Last-Event-ID, and only that.
    await comment(ann, 'Missed one');
    await comment(ann, 'Missed two');
    const resumed = await openStream(await ticketOf(author), pushed.id);
    await resumed.until((event) => event.event === 'unread' && JSON.parse(event.data).count === 3);
    const missed = resumed.events.filter((event) => event.event === 'notification');
    expect(missed).toHaveLength(2);
    expect(missed.every((event) => Number(event.id) > Number(pushed.id))).toBe(true);
    await resumed.close();
  });

  it('refuses a bad ticket, a session token as a ticket, and no ticket with 401', async () => {
    for (const query of ['?ticket=forged.ticket', `?ticket=${author.token}`, '']) {
      const response = await site.http().get(`/api/Notification/Stream${query}`).expect(401);
      expect(response.body).toMatchObject({ success: false });
    }
  });

  it('refuses an expired ticket with 401', async () => {
    const ticket = await ticketOf(author);
    skewMs = 61_000;
    try {
      const response = await site
        .http()
        .get(`/api/Notification/Stream?ticket=${encodeURIComponent(ticket)}`)
        .expect(401);
      expect(response.body).toMatchObject({ success: false });
    } finally {
      skewMs = 0;
    }
  });
});
