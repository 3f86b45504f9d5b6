import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@app/config';
import { articleStreamName, commentStreamName, likeStreamName, questionStreamName } from '@app/domain';
import type { ReadDocument } from '@app/read-store';
import { openSiteEngines, type SiteEngines } from '@app/api';
import { applyNextBatch, applyNextSearchBatch } from '@app/projections';
import type { SearchDocument } from '@app/search-index';
import { articleBody, questionBody } from '../support/posts';
import { startServer, type RunningServer } from '../support/server';
import { callSite, signUpOnSite, type SiteAccount } from '../support/site-api';

// /api/health tells projection positions only to admins or in development.
const DETAILED_HEALTH = { NODE_ENV: 'development' };

jest.setTimeout(240_000);

interface Acknowledged {
  /** The stream the acknowledged command appended to: it must be in the log after the crash. */
  stream: string;
  what: string;
}

const BURST_WORKERS = 12;
const KILL_AFTER_ACKNOWLEDGED = 80;

/**
 * The site is killed with SIGKILL in the middle of a burst of concurrent commands, then started
 * again on the same DATA_DIR: every command it acknowledged is in the log, and every projection is
 * exactly what a fresh rebuild from the log gives (documents compared one by one).
 */
describe('crash safety: SIGKILL mid-burst, restart on the same data', () => {
  let dataDir: string;
  let server: RunningServer | undefined;
  const acknowledged: Acknowledged[] = [];

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'crash-safety-'));
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const accountIdOf = (account: SiteAccount) =>
    (JSON.parse(Buffer.from(account.token.split('.')[1], 'base64url').toString('utf8')) as { sub: string }).sub;

  it('acknowledges commands from many concurrent requests until it is killed', async () => {
    server = await startServer({ dataDir, env: DETAILED_HEALTH });
    const url = server.url;
    const users = [await signUpOnSite(url, 'Ada Crash'), await signUpOnSite(url, 'Bob Crash'), await signUpOnSite(url, 'Cy Crash')];
    const articles: number[] = [];
    const questions: number[] = [];
    let stop = false;
    let seed = 7;
    const pick = <T>(items: readonly T[]) => items[(seed = (seed * 48271) % 2147483647) % items.length];

    const once = async (n: number) => {
      const user = pick(users);
      const token = user.token;
      const choice = articles.length + questions.length < 4 ? n % 2 : n % 5;
      if (choice === 0) {
        const id = await callSite<number>(url, 'POST', '/api/Article', {
          token,
          body: articleBody({ isPublished: true, title: `Crash ${n}` }),
        });
        articles.push(id);
        acknowledged.push({ stream: articleStreamName(id), what: `article ${id}` });
      } else if (choice === 1) {
        const id = await callSite<number>(url, 'POST', '/api/Question', { token, body: questionBody({ title: `Crash question ${n}` }) });
        questions.push(id);
        acknowledged.push({ stream: questionStreamName(id), what: `question ${id}` });
      } else if (choice === 2 || choice === 3) {
        const onArticle = choice === 2 && articles.length > 0;
        const body = onArticle
          ? { articleID: pick(articles), content: `<p>Comment ${n}</p>` }
          : { questionID: pick(questions), content: `<p>Comment ${n}</p>` };
        const route = onArticle ? 'ArticleComment' : 'QuestionComment';
        const { id } = await callSite<{ id: number }>(url, 'POST', `/api/${route}`, { token, body });
        acknowledged.push({ stream: commentStreamName(id), what: `comment ${id}` });
      } else {
        const target = articles.length > 0 ? pick(articles) : pick(questions);
        const route = articles.includes(target) ? 'Article' : 'Question';
        await callSite(url, 'PUT', `/api/${route}/Like`, { token, body: { id: target, isLiked: true } });
        acknowledged.push({
          stream: likeStreamName(route === 'Article' ? 1 : 2, target, accountIdOf(user)),
          what: `like of ${route} ${target}`,
        });
      }
    };

    let n = 0;
    let inFlight = 0;
    const worker = async () => {
      while (!stop) {
        n += 1;
        inFlight += 1;
        try {
          await once(n);
        } catch {
          // refused (a rate limit) or cut off by the kill: not acknowledged, so no promise made
        } finally {
          inFlight -= 1;
        }
      }
    };
    const workers = Array.from({ length: BURST_WORKERS }, () => worker());
    const deadline = Date.now() + 60_000;
    while (acknowledged.length < KILL_AFTER_ACKNOWLEDGED && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    const inFlightAtKill = inFlight;
    await server.crash();
    stop = true;
    await Promise.all(workers);
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKNOWLEDGED);
    expect(inFlightAtKill).toBeGreaterThan(0); // killed mid-burst
  });

  it('restarts on the same data with every acknowledged command in the log', async () => {
    server = await startServer({ dataDir, env: DETAILED_HEALTH });
    const health = await waitUntilCaughtUp(server.url);
    expect(health.projections.length).toBeGreaterThan(5);
    const engines = await openEngines();
    try {
      const missing: string[] = [];
      for (const { stream, what } of acknowledged) {
        if ((await engines.eventStore.readStream(stream)).length === 0) missing.push(what);
      }
      expect(missing).toEqual([]);
    } finally {
      await engines.close();
    }
    const anArticle = acknowledged.find((command) => command.what.startsWith('article'))!;
    const id = Number(anArticle.what.split(' ')[1]);
    expect((await callSite<{ id: number }>(server.url, 'GET', `/api/Article/${id}`)).id).toBe(id);
    await server.stop(); // a clean stop, so the comparison below reads settled files
    server = undefined;
  });

  it('left every projection equal to a fresh rebuild from the log', async () => {
    const engines = await openEngines();
    try {
      const compared: string[] = [];
      for (const projection of engines.projections.filter((candidate) => !candidate.reactor)) {
        const verify = { projection, checkpointName: `${projection.name}__verify`, collectionSuffix: '__verify' };
        while ((await applyNextBatch(engines.eventStore, engines.readStore, verify, 500)).read > 0);
        expect(await engines.readStore.getCheckpoint(projection.name)).toBe(await engines.readStore.getCheckpoint(verify.checkpointName));
        for (const collection of projection.collections) {
          const live = await allDocuments(engines, collection);
          const rebuilt = await allDocuments(engines, `${collection}__verify`);
          expect({ collection, documents: live }).toEqual({ collection, documents: rebuilt });
          compared.push(`${collection} (${live.length})`);
        }
      }
      expect(compared.join(', ')).toMatch(/home_posts \([1-9]\d*\)/);

      const { index, projection } = engines.search;
      await index.resetShadow();
      while ((await applyNextSearchBatch(engines.eventStore, index, projection, 'shadow', 500)).read > 0);
      expect(await index.getCheckpoint('live')).toBe(await index.getCheckpoint('shadow'));
      const postIds = acknowledged.filter((c) => /^(article|question) /.test(c.what)).map((c) => Number(c.what.split(' ')[1]));
      expect(postIds.length).toBeGreaterThan(0);
      for (const id of postIds) {
        const live: SearchDocument | null = await index.get(id, 'live');
        expect(live).not.toBeNull();
        expect(live).toEqual(await index.get(id, 'shadow'));
      }
    } finally {
      await engines.close();
    }
  });

  const openEngines = (): Promise<SiteEngines> => openSiteEngines(loadConfig({ ...process.env, DATA_DIR: dataDir }));
  const allDocuments = (engines: SiteEngines, collection: string): Promise<ReadDocument[]> =>
    engines.readStore.find(collection, {}, { sort: [['id', 1]] });
});

interface Health {
  eventStoreHead: string | null;
  projections: { name: string; state: string; checkpoint: string | null; lagEvents: number }[];
}

/** Until every projection of the restarted site is live at the head of the log. */
async function waitUntilCaughtUp(url: string): Promise<Health> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const health = (await (await fetch(`${url}/api/health`)).json()) as Health;
    const body = 'result' in health ? (health as unknown as { result: Health }).result : health;
    if (body.projections.every((projection) => projection.state === 'running' && projection.lagEvents === 0)) return body;
    if (Date.now() > deadline) throw new Error(`Projections did not catch up: ${JSON.stringify(body)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
