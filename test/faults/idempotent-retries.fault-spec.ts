import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@app/config';
import { articleStreamName, commentStreamName } from '@app/domain';
import { openSiteEngines } from '@app/api';
import type { RecordedEvent } from '@app/event-store';
import { articleBody } from '../support/posts';
import { startServer, type RunningServer } from '../support/server';
import { callSite, signUpOnSite, type SiteAccount } from '../support/site-api';

jest.setTimeout(420_000);

const POSTS = 40;
const COMMENTS = 40;
const KILLS = 3;

/** One client's command: it sends it with its own Idempotency-Key until it is answered. */
interface Client {
  kind: 'post' | 'comment';
  n: number;
  key: string;
  account: SiteAccount;
  /** Every id an answer of this command carried (a lost answer is not seen). */
  seenIds: number[];
  answered: boolean;
  /** A send of it was cut off (no answer, or a 5xx) before it was answered. */
  cutOff: boolean;
}

/**
 * The real site as a child process, SIGKILLed at random points of a burst of create-post and
 * add-comment commands, each with its own Idempotency-Key, and started again on the same data;
 * every client retries until it is answered. Each command takes effect exactly once (one stream,
 * one creating event in the log), and every answer of one command names the same id.
 */
describe('idempotent retries across SIGKILL', () => {
  let dataDir: string;
  let server: RunningServer | null = null;
  /** The server clients talk to; null while it is down. */
  let current: RunningServer | null = null;
  const seed = Number(process.env.FAULT_SEED ?? Date.now() % 1_000_000);
  let state = seed || 1;
  const random = () => (state = (state * 48271) % 2147483647) / 2147483647;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'idempotent-retries-'));
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`creates each post and comment once, answering every retry with the first id (seed ${seed})`, async () => {
    server = current = await startServer({ dataDir });
    const accounts = [await signUpOnSite(current.url, 'Ada Retry'), await signUpOnSite(current.url, 'Bob Retry')];
    const articleId = await callSite<number>(current.url, 'POST', '/api/Article', {
      token: accounts[0].token,
      body: articleBody({ isPublished: true, title: 'Retried comments go here' }),
    });
    const client = (kind: Client['kind'], n: number): Client => ({
      kind,
      n,
      key: randomUUID(),
      account: accounts[n % 2],
      seenIds: [],
      answered: false,
      cutOff: false,
    });
    const clients = [
      ...Array.from({ length: POSTS }, (_, n) => client('post', n)),
      ...Array.from({ length: COMMENTS }, (_, n) => client('comment', n)),
    ];
    const unexpected: string[] = [];
    let inFlight = 0;

    const send = async (client: Client, url: string): Promise<'answered' | 'again'> => {
      const [path, body] =
        client.kind === 'post'
          ? ['/api/Article', articleBody({ isPublished: true, title: `Retried post ${client.n}` })]
          : ['/api/ArticleComment', { articleID: articleId, content: `<p>Retried comment ${client.n}</p>` }];
      let response: Response;
      inFlight += 1;
      try {
        response = await fetch(`${url}${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${client.account.token}`, 'Idempotency-Key': client.key },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(20_000),
        });
      } catch {
        client.cutOff = true; // killed mid-request, or down
        return 'again';
      } finally {
        inFlight -= 1;
      }
      const envelope = (await response.json().catch(() => null)) as { result: number | { id: number } } | null;
      if (response.status === 200 && envelope) {
        client.seenIds.push(typeof envelope.result === 'number' ? envelope.result : envelope.result.id);
        return 'answered';
      }
      // 409: an attempt of it still holds the key (its process may be dead: the lease runs out). 5xx: cut off by the kill.
      if (response.status >= 500) client.cutOff = true;
      if (response.status !== 409 && response.status < 500)
        unexpected.push(`${client.kind} ${client.n}: ${response.status} ${JSON.stringify(envelope)}`);
      return 'again';
    };

    const run = async (client: Client) => {
      // Start at random moments, so kills land before, during and after appends.
      await sleep(random() * 3_000);
      while (!client.answered) {
        const url = current?.url;
        if (url && (await send(client, url)) === 'answered') {
          client.answered = true;
          // Sometimes the client "lost" the answer: it sends the same command again later.
          if (random() < 0.3) {
            await sleep(random() * 2_000);
            client.answered = false;
            while (!client.answered) {
              const again = current?.url;
              if (again && (await send(client, again)) === 'answered') client.answered = true;
              else await sleep(200);
            }
          }
        } else await sleep(200);
      }
    };

    const killer = async () => {
      // A kill can land between answers (a fast machine answers these in milliseconds): a few more
      // kills, while commands remain, until one has cut a command off.
      const moreKills = (kill: number) =>
        kill < KILLS || (kill < KILLS + 5 && !clients.some((client) => client.cutOff) && clients.some((client) => !client.answered));
      for (let kill = 0; moreKills(kill); kill += 1) {
        await sleep(300 + random() * 1_500);
        // Kill while commands are on the wire (on a fast machine a random moment can fall between them).
        for (let waited = 0; inFlight === 0 && waited < 2_000 && clients.some((client) => !client.answered); waited += 5) await sleep(5);
        const dying = current!;
        current = null;
        await dying.crash();
        server = current = await startServer({ dataDir });
      }
    };

    await Promise.all([killer(), ...clients.map(run)]);
    expect(unexpected).toEqual([]);
    // The kills landed mid-burst: some commands lost their answer and were sent again.
    expect(clients.filter((client) => client.cutOff).length).toBeGreaterThan(0);

    // Every answer of one command named one id.
    for (const client of clients)
      expect({ client: `${client.kind} ${client.n}`, ids: [...new Set(client.seenIds)] }).toEqual({
        client: `${client.kind} ${client.n}`,
        ids: [client.seenIds[0]],
      });

    await server.stop();
    server = current = null;
    const engines = await openSiteEngines(loadConfig({ ...process.env, DATA_DIR: dataDir }));
    try {
      const events = await engines.eventStore.readAll();
      const drafted = events.filter((event) => event.type === 'ArticleDrafted' && titleOf(event).startsWith('Retried post '));
      const added = events.filter((event) => event.type === 'CommentAdded' && contentOf(event).includes('Retried comment '));
      // Exactly once: one creating event per command, in the stream its answers named.
      expect(drafted).toHaveLength(POSTS);
      expect(added).toHaveLength(COMMENTS);
      for (const client of clients) {
        const stream = client.kind === 'post' ? articleStreamName(client.seenIds[0]) : commentStreamName(client.seenIds[0]);
        const created = (client.kind === 'post' ? drafted : added).filter((event) =>
          client.kind === 'post'
            ? titleOf(event) === `Retried post ${client.n}`
            : contentOf(event).includes(`Retried comment ${client.n}<`),
        );
        expect({ client: `${client.kind} ${client.n}`, streams: created.map((event) => event.streamName) }).toEqual({
          client: `${client.kind} ${client.n}`,
          streams: [stream],
        });
        expect(created[0].metadata.causationId).toEqual(expect.any(String));
      }
    } finally {
      await engines.close();
    }
  });
});

const titleOf = (event: RecordedEvent) => (event.data as { title?: string }).title ?? '';
const contentOf = (event: RecordedEvent) => (event.data as { content?: string }).content ?? '';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
