import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEventStore } from '@app/event-store';
import { PROJECTION_FAILURES_COLLECTION, type ProjectionFailure } from '@app/projections';
import { createReadStore } from '@app/read-store';
import { runCli } from '../support/run-cli';

describe('operator CLI: projections', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cli-'));
    const eventStore = createEventStore({ dataDir });
    for (let index = 0; index < 30; index += 1) {
      await eventStore.appendToStream(`noise-${index}`, [
        { type: 'SomethingHappened', data: { index }, metadata: { actor: 'test', occurredAt: new Date().toISOString() } },
      ]);
    }
    await eventStore.close();
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('shows each projection with its position and lag', () => {
    const { status, stdout } = runCli(dataDir, ['projections', 'status']);
    expect(status).toBe(0);
    expect(stdout).toMatch(/home/);
    expect(stdout).toMatch(/lag/);
    expect(stdout).toMatch(/\b30\b/);
  });

  it('rebuilds a projection from position 0 and leaves it caught up', () => {
    const rebuild = runCli(dataDir, ['projections', 'rebuild', 'home']);
    expect(rebuild.status).toBe(0);
    expect(rebuild.output).toMatch(/Rebuilt home/);

    const { stdout } = runCli(dataDir, ['projections', 'status']);
    const homeRow = stdout.split('\n').find((line) => line.includes("'home'") || line.includes(' home '));
    expect(homeRow).toBeDefined();
    expect(homeRow).toMatch(/│\s*0\s*│\s*0\s*│?\s*$/); // lag 0, nothing parked
  });

  it('rebuilds the search index blue-green and lists it in the status', () => {
    const rebuild = runCli(dataDir, ['projections', 'rebuild', 'search']);
    expect(rebuild.status).toBe(0);
    expect(rebuild.output).toMatch(/Rebuilt search/);

    const { stdout } = runCli(dataDir, ['projections', 'status']);
    const searchRow = stdout.split('\n').find((line) => line.includes("'search'"));
    expect(searchRow).toMatch(/│\s*0\s*│\s*0\s*│?\s*$/);
  });

  it('loads neither Nest nor the client of an engine it is not configured with (it starts in a fraction of a second)', () => {
    const listLoaded = join(dataDir, 'list-loaded-packages.js');
    writeFileSync(listLoaded, `process.on('exit', () => process.stderr.write('loaded: ' + Object.keys(require.cache).join(' ')));`);
    const { status, stderr } = runCli(dataDir, ['projections', 'status'], { NODE_OPTIONS: `--require ${listLoaded}` });
    expect(status).toBe(0);
    const loaded = stderr.slice(stderr.indexOf('loaded: '));
    expect(loaded).toMatch(/node_modules\/better-sqlite3\//);
    for (const unused of ['@nestjs', 'mongodb', 'bullmq', 'ioredis', '@eventstore', 'meilisearch', 'nodemailer', 'sanitize-html'])
      expect(loaded).not.toContain(`node_modules/${unused}/`);
  });

  it('refuses an unknown projection with a clear message', () => {
    const { status, stderr } = runCli(dataDir, ['projections', 'rebuild', 'nope']);
    expect(status).toBe(1);
    expect(stderr).toMatch(/Unknown projection "nope"/);
  });

  it('shows a projection the site recorded failing on an outage, with its error, since when and the position it holds', async () => {
    const readStore = await createReadStore({ dataDir });
    const failure: ProjectionFailure = {
      id: 'accounts',
      category: 'outage',
      error: 'key store unavailable',
      since: '2026-03-01T10:00:00.000Z',
      lastTriedAt: '2026-03-01T10:05:00.000Z',
      checkpoint: '12',
    };
    await readStore.transaction((tx) => tx.upsert(PROJECTION_FAILURES_COLLECTION, failure));
    try {
      const { status, stdout } = runCli(dataDir, ['projections', 'status']);
      expect(status).toBe(0);
      expect(stdout.split('\n').find((line) => line.includes("'accounts'"))).toMatch(/failing \(outage\)/);
      expect(stdout).toMatch(/Failing projections/);
      expect(stdout).toMatch(/key store unavailable/);
      expect(stdout).toMatch(/2026-03-01T10:00:00.000Z/);
    } finally {
      await readStore.transaction((tx) => tx.delete(PROJECTION_FAILURES_COLLECTION, 'accounts'));
      await readStore.close();
    }
  });
});
