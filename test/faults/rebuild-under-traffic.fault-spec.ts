import { loadConfig } from '@app/config';
import { articleStreamName } from '@app/domain';
import type { ReadDocument } from '@app/read-store';
import type { EventStore } from '@app/event-store';
import { EVENT_STORE, openSiteEngines, type SiteEngines } from '@app/api';
import { applyNextBatch, applyNextSearchBatch, ProjectionRunner, type ReadModelName } from '@app/projections';
import { bearer, givenAccounts, type TestUser } from '../support/accounts';
import { articleBody, articleDrafted } from '../support/posts';
import { startTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(300_000);

/** Every read model the commands below settle on: their versions are bumped, so all rebuild at once. */
const BUMPED: ReadModelName[] = ['home', 'post-view', 'moderation-log', 'comments', 'likes', 'search'];
const SEEDED_ARTICLES = 8_000;
const WORKERS = 4;

interface Answered {
  what: string;
  stale: string | undefined;
  duringRebuild: boolean;
  /** The next read showed the command's effect. */
  seen: boolean;
}

/**
 * A start with new projection versions rebuilds them beside the live ones while commands run:
 * no command waits for a rebuilding projection (none runs into the settle bound: its answer would say stale),
 * none reads stale data silently (its effect shows on the next read, or its answer says stale),
 * and after the switch every projection equals a fresh rebuild from the log.
 */
describe('fault: a rebuild after a version bump, under traffic', () => {
  let site: TestApp | undefined;
  let dataDir: string;
  let users: TestUser[];
  const answered: Answered[] = [];

  afterAll(async () => {
    if (site) await site.dispose();
  });

  it('seeds a log long enough for the rebuild to take a while', async () => {
    site = await startTestApp();
    dataDir = site.dataDir;
    users = await givenAccounts(site, 3, 'Rebuild');
    const eventStore = site.app.get<EventStore>(EVENT_STORE);
    const draft = (id: number, author: TestUser) =>
      eventStore.appendToStream(articleStreamName(id), [
        { ...articleDrafted(id, author.accountId), metadata: { actor: author.accountId, occurredAt: new Date().toISOString() } },
      ]);
    for (let start = 0; start < SEEDED_ARTICLES; start += 100) {
      await Promise.all(
        Array.from({ length: 100 }, (_, offset) => {
          const id = 900_000_000 + start + offset;
          return draft(id, users[offset % users.length]);
        }),
      );
    }
    const runner = site.app.get(ProjectionRunner);
    const { position } = await draft(899_999_999, users[0]);
    expect(await runner.lagging(position, [...BUMPED, 'accounts'], 120_000)).toEqual([]);
    await site.close();
  });

  it('restarted with bumped versions, answers every command from the live projections while they rebuild', async () => {
    site = await startTestApp({ dataDir, env: { PROJECTION_VERSION_BUMP: BUMPED.join(',') } });
    const running = site;
    const runner = running.app.get(ProjectionRunner);
    const rebuilding = () => runner.status().some((status) => status.rebuilding);
    expect(rebuilding()).toBe(true);

    let n = 0;
    let afterSwitch = 0;
    const worker = async (user: TestUser) => {
      while (rebuilding() || afterSwitch < 10) {
        if (!rebuilding()) afterSwitch += 1;
        n += 1;
        const title = `Rebuild traffic ${n}`;
        const duringRebuild = rebuilding();
        const created = await running
          .http()
          .post('/api/Article')
          .set(bearer(user))
          .send(articleBody({ isPublished: true, title }));
        expect(created.status).toBe(200);
        const id = (created.body as { result: number }).result;
        const view = await running.http().get(`/api/Article/${id}`).set(bearer(user));
        const shown = view.status === 200 && (view.body as { result: { title: string } }).result.title === title;
        answered.push({
          what: `create ${id}`,
          stale: created.headers['x-read-your-writes'],
          duringRebuild,
          seen: shown,
        });

        const liked = await running.http().put('/api/Article/Like').set(bearer(user)).send({ id, isLiked: true });
        expect(liked.status).toBe(200);
        const after = await running.http().get(`/api/Article/${id}`).set(bearer(user));
        answered.push({
          what: `like ${id}`,
          stale: liked.headers['x-read-your-writes'],
          duringRebuild,
          seen: (after.body as { result?: { likes: number } }).result?.likes === 1,
        });
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, (_, index) => worker(users[index % users.length])));

    expect(answered.filter((answer) => answer.duringRebuild).length).toBeGreaterThan(0);
    // Nobody waited for a rebuilding projection: no answer ran into the settle bound (it would say stale).
    // How long an answer took is not asserted: six rebuilds share this process's one thread with it.
    expect(answered.filter((answer) => answer.stale !== undefined)).toEqual([]);
    // Nobody read stale data silently: every effect showed on the next read (or the answer said stale).
    expect(answered.filter((answer) => !answer.seen && answer.stale === undefined)).toEqual([]);
    expect(runner.status().every((status) => !status.rebuilding)).toBe(true);
    await running.close();
  });

  it('left every projection equal to a fresh rebuild from the log, at its new version', async () => {
    const engines = await openSiteEngines(loadConfig({ ...process.env, DATA_DIR: dataDir }));
    try {
      for (const name of BUMPED) {
        const code = name === 'search' ? engines.search.projection : engines.projections.find((projection) => projection.name === name)!;
        expect(await engines.readStore.get('projection_versions', name)).toMatchObject({ version: code.version + 1 });
      }
      for (const projection of engines.projections.filter((candidate) => (BUMPED as string[]).includes(candidate.name))) {
        const verify = { projection, checkpointName: `${projection.name}__verify`, collectionSuffix: '__verify' };
        while ((await applyNextBatch(engines.eventStore, engines.readStore, verify, 500)).read > 0);
        expect(await engines.readStore.getCheckpoint(projection.name)).toBe(await engines.readStore.getCheckpoint(verify.checkpointName));
        for (const collection of projection.collections) {
          expect({ collection, documents: await allDocuments(engines, collection) }).toEqual({
            collection,
            documents: await allDocuments(engines, `${collection}__verify`),
          });
        }
      }
      const { index, projection } = engines.search;
      await index.resetShadow();
      while ((await applyNextSearchBatch(engines.eventStore, index, projection, 'shadow', 500)).read > 0);
      expect(await index.getCheckpoint('live')).toBe(await index.getCheckpoint('shadow'));
      const ids = answered.filter((answer) => answer.what.startsWith('create')).map((answer) => Number(answer.what.split(' ')[1]));
      for (const id of [...ids, 900_000_000, 900_000_000 + SEEDED_ARTICLES - 1]) {
        expect(await index.get(id, 'live')).toEqual(await index.get(id, 'shadow'));
      }
    } finally {
      await engines.close();
    }
  });
});

const allDocuments = (engines: SiteEngines, collection: string): Promise<ReadDocument[]> =>
  engines.readStore.find(collection, {}, { sort: [['id', 1]] });
