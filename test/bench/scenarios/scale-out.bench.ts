import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECTION_LEASES_COLLECTION, SEARCH_PROJECTION_NAME } from '@app/projections';
import { createReadStore, type ReadStore } from '@app/read-store';
import { createSearchIndex, type SearchIndex } from '@app/search-index';
import { startProjector, type RunningProjector } from '../../support/projector';
import { parsePrometheusText } from '../../support/prometheus-text';
import { startServer, type RunningServer } from '../../support/server';
import type { SiteAccount } from '../../support/site-api';
import { runLoad, type LoadRequest, type LoadResult } from '../support/load';
import { childPids, processCpuSeconds } from '../../support/processes';
import { profilingEnv } from '../support/profiles';
import { formatNumber, type Figure, type SummaryLine } from '../support/report';
import { loadSeconds, type Scenario } from '../support/scenario';
import { signUpMany, uniqueArticleBody } from '../support/site';

const CONNECTIONS = 16;
const API_PROCESSES = 2;
const WRITE_TARGET = '>= 1,500 req/s, p99 <= 50 ms, read-your-writes kept';
const TOPOLOGY_TARGET = '>= 1,500 req/s';
const FAILOVER_TARGET = '<= 5 s until projections move again';
/** The steady writes the failover runs under, and how long before the kill they run. */
const FAILOVER_RATE = 50;
const FAILOVER_LEAD_MS = 3_000;
const METRICS_TOKEN = 'bench-metrics-token';

const SITE_ENV = { NODE_ENV: 'production', LOG_LEVEL: 'warn', METRICS_TOKEN };
const POST_ARTICLE: LoadRequest = { method: 'POST', path: '/api/Article', body: uniqueArticleBody() };

/** The roles on one DATA_DIR (embedded SQLite, no Redis): API processes (SITE_ROLE=api) and projectors. */
interface Topology {
  dataDir: string;
  apis: RunningServer[];
  projectors: RunningProjector[];
  stop(): Promise<void>;
}

async function startTopology(label: string, apiCount: number, projectorCount: number): Promise<Topology> {
  const dataDir = mkdtempSync(join(tmpdir(), `bench-${label}-`));
  const apis: RunningServer[] = [];
  const projectors: RunningProjector[] = [];
  const stop = async () => {
    for (const api of apis) await api.stop();
    for (const projector of projectors) await projector.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // Projectors log at info: their start line says where their health check is.
    for (let n = 0; n < projectorCount; n++)
      projectors.push(await startProjector({ DATA_DIR: dataDir, NODE_ENV: 'production', ...profilingEnv(`${label}-projector-${n}`) }));
    for (let n = 0; n < apiCount; n++)
      apis.push(await startServer({ dataDir, env: { ...SITE_ENV, SITE_ROLE: 'api', ...profilingEnv(`${label}-api-${n}`) } }));
    return { dataDir, apis, projectors, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Commands this process answered before their read models settled (X-Read-Your-Writes: stale), from its /metrics. */
async function staleAnswers(siteUrl: string): Promise<number> {
  const response = await fetch(`${siteUrl}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!response.ok) throw new Error(`GET /metrics answered ${response.status}`);
  return parsePrometheusText(await response.text()).sum('devcommunity_read_your_writes_stale_total');
}

/** CPU seconds this process has used so far (user + system, all its threads), from its /metrics. */
async function cpuSeconds(siteUrl: string): Promise<number> {
  const response = await fetch(`${siteUrl}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!response.ok) throw new Error(`GET /metrics answered ${response.status}`);
  return parsePrometheusText(await response.text()).sum('process_cpu_seconds_total');
}

/**
 * POST /api/Article at CONNECTIONS connections spread evenly over `urls` (one autocannon per process, at once): their sum,
 * and the CPU the processes at `urls` spent per command (less bound to how busy the machine is than req/s), and that of
 * the processes `besidePids` (npm start's spawned projector).
 */
async function postArticles(
  urls: readonly string[],
  accounts: readonly SiteAccount[],
  seconds: number,
  besidePids: readonly number[] = [],
) {
  const share = CONNECTIONS / urls.length;
  const besideCpu = () => besidePids.reduce((sum, pid) => sum + processCpuSeconds(pid), 0);
  const besideBefore = besideCpu();
  const cpuBefore = await Promise.all(urls.map(cpuSeconds));
  const results: LoadResult[] = await Promise.all(
    urls.map((url, n) =>
      runLoad({
        url,
        connections: share,
        seconds,
        requests: [POST_ARTICLE],
        tokens: accounts.slice(n * share, (n + 1) * share).map((account) => account.token),
      }),
    ),
  );
  const cpuAfter = await Promise.all(urls.map(cpuSeconds));
  const besideSpent = besideCpu() - besideBefore;
  const stale = (await Promise.all(urls.map(staleAnswers))).reduce((sum, count) => sum + count, 0);
  const requests = results.reduce((sum, result) => sum + result.requests, 0);
  const cpuSpent = cpuAfter.reduce((sum, after, index) => sum + after - cpuBefore[index], 0);
  return {
    cpuMsPerCommand: (1000 * cpuSpent) / Math.max(1, requests),
    besideCpuMsPerCommand: (1000 * besideSpent) / Math.max(1, requests),
    requestsPerSecond: results.reduce((sum, result) => sum + result.requestsPerSecond, 0),
    requests,
    p50Ms: Math.max(...results.map((result) => result.p50Ms)),
    p99Ms: Math.max(...results.map((result) => result.p99Ms)),
    failures: results.map((result) => result.failureKinds).filter(Boolean),
    stale,
  };
}

/** Every projection's checkpoint (the search one in the SearchIndex), by lease name. */
async function checkpoints(readStore: ReadStore, searchIndex: SearchIndex, names: readonly string[]): Promise<Map<string, bigint>> {
  const entries = await Promise.all(
    names.map(
      async (name) =>
        [name, (await (name === SEARCH_PROJECTION_NAME ? searchIndex.getCheckpoint() : readStore.getCheckpoint(name))) ?? -1n] as const,
    ),
  );
  return new Map(entries);
}

/**
 * The split topology against `npm start`: POST /api/Article at 16 connections on one process
 * (SITE_ROLE=all) and on 2 `start:api` + 1 `start:projector` on one DATA_DIR; then a projector
 * SIGKILLed under steady writes and the seconds until its standby moves every projection again.
 */
export const scaleOutScenario: Scenario = {
  id: 'scale-out',
  title: 'Scale-out: writes on 2 API processes and a projector, and a projector failover',
  async run(context) {
    const seconds = loadSeconds(context, 2, 10);
    const figures: Figure[] = [];
    const summary: SummaryLine[] = [];
    const notes: string[] = [];
    const measured = (result: Awaited<ReturnType<typeof postArticles>>) =>
      `${formatNumber(result.requestsPerSecond)} req/s, p50 ${formatNumber(result.p50Ms)} ms, p99 ${formatNumber(result.p99Ms)} ms, ` +
      `${result.stale} of ${formatNumber(result.requests)} answered stale, ${formatNumber(result.cpuMsPerCommand)} ms of CPU per command`;
    const noteFailures = (what: string, result: Awaited<ReturnType<typeof postArticles>>) => {
      if (result.failures.length > 0) notes.push(`${what}: some answers failed (${result.failures.join('; ')})`);
    };

    // One process, every role (npm start).
    const all = await startServer({ env: { ...SITE_ENV, ...profilingEnv('scale-out-all') } });
    let oneProcess: Awaited<ReturnType<typeof postArticles>>;
    try {
      const accounts = await signUpMany(all.url, CONNECTIONS, 'Writer');
      const projector = childPids(all.pid);
      if (!context.quick) await postArticles([all.url], accounts, Math.min(seconds, 3), projector); // warm-up, not measured
      oneProcess = await postArticles([all.url], accounts, seconds, projector);
      noteFailures('npm start', oneProcess);
    } finally {
      await all.stop();
    }

    // Two API processes and a projector on one DATA_DIR.
    const split = await startTopology('scale-out-split', API_PROCESSES, 1);
    let twoApis: Awaited<ReturnType<typeof postArticles>>;
    try {
      const urls = split.apis.map((api) => api.url);
      const accounts = await signUpMany(urls[0], CONNECTIONS, 'Writer');
      if (!context.quick) await postArticles(urls, accounts, Math.min(seconds, 3));
      twoApis = await postArticles(urls, accounts, seconds);
      noteFailures('2 start:api + 1 start:projector', twoApis);
    } finally {
      await split.stop();
    }
    figures.push(
      { name: `POST /api/Article, ${CONNECTIONS} conn., npm start: req/s`, value: oneProcess.requestsPerSecond, unit: 'req/s' },
      { name: `POST /api/Article, ${CONNECTIONS} conn., npm start: p99`, value: oneProcess.p99Ms, unit: 'ms' },
      {
        name: `POST /api/Article, ${CONNECTIONS} conn., npm start: its API process's CPU per command`,
        value: oneProcess.cpuMsPerCommand,
        unit: 'ms',
      },
      {
        name: `POST /api/Article, ${CONNECTIONS} conn., npm start: its projector process's CPU per command`,
        value: oneProcess.besideCpuMsPerCommand,
        unit: 'ms',
      },
      {
        name: `POST /api/Article, ${CONNECTIONS} conn., ${API_PROCESSES} start:api: their CPU per command`,
        value: twoApis.cpuMsPerCommand,
        unit: 'ms',
        baseline: { name: "npm start's API process", value: oneProcess.cpuMsPerCommand },
      },
      {
        name: `POST /api/Article, ${CONNECTIONS} conn., ${API_PROCESSES} start:api + 1 start:projector: req/s`,
        value: twoApis.requestsPerSecond,
        unit: 'req/s',
        baseline: { name: 'npm start', value: oneProcess.requestsPerSecond },
      },
      {
        name: `POST /api/Article, ${CONNECTIONS} conn., ${API_PROCESSES} start:api + 1 start:projector: p99`,
        value: twoApis.p99Ms,
        unit: 'ms',
        baseline: { name: 'npm start', value: oneProcess.p99Ms },
      },
    );
    summary.push(
      { path: `POST /api/Article, ${CONNECTIONS} connections, \`npm start\``, measured: measured(oneProcess), target: WRITE_TARGET },
      {
        path: `POST /api/Article, ${CONNECTIONS} connections, ${API_PROCESSES} \`start:api\` + 1 \`start:projector\` on one DATA_DIR`,
        measured: `${measured(twoApis)} (${formatNumber(twoApis.requestsPerSecond / oneProcess.requestsPerSecond)}x npm start)`,
        target: TOPOLOGY_TARGET,
      },
    );

    // A projector SIGKILLed under steady writes; its standby takes the leases over.
    const failover = await startTopology('scale-out-failover', 1, 2);
    const readStore = await createReadStore({ dataDir: failover.dataDir });
    const searchIndex = createSearchIndex({ dataDir: failover.dataDir });
    try {
      const [api] = failover.apis;
      const accounts = await signUpMany(api.url, 8, 'Writer');
      const leases = await readStore.find<{ id: string; owner: string }>(PROJECTION_LEASES_COLLECTION, {});
      const names = leases.map((lease) => lease.id);
      const holder = failover.projectors.find((projector) => leases.every((lease) => lease.owner.includes(`:${projector.pid}:`)));
      if (!holder) throw new Error(`No one projector holds every lease: ${JSON.stringify(leases)}`);
      const writing = runLoad({
        url: api.url,
        connections: accounts.length,
        seconds: FAILOVER_LEAD_MS / 1000 + 10,
        requests: [POST_ARTICLE],
        tokens: accounts.map((account) => account.token),
        overallRate: FAILOVER_RATE,
      });
      await new Promise((resolve) => setTimeout(resolve, FAILOVER_LEAD_MS));
      const before = await checkpoints(readStore, searchIndex, names);
      const killedAt = Date.now();
      await holder.kill('SIGKILL');
      // Until every projection's checkpoint moved past where the killed one left it (polled every 10 ms).
      let movedAt: number | null = null;
      while (movedAt === null && Date.now() - killedAt < 30_000) {
        const now = await checkpoints(readStore, searchIndex, names);
        if (names.every((name) => now.get(name)! > before.get(name)!)) movedAt = Date.now();
        else await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const written = await writing;
      if (written.failures > 0) notes.push(`failover: ${written.failures} of ${written.requests} writes failed (${written.failureKinds})`);
      if (movedAt === null) throw new Error('The standby did not move every projection within 30 s of the kill');
      const takeOverSeconds = (movedAt - killedAt) / 1000;
      figures.push({ name: 'projector SIGKILLed: seconds until every projection moves again', value: takeOverSeconds, unit: 's' });
      summary.push({
        path: `projector killed under ${FAILOVER_RATE} writes/s, a standby takes over`,
        measured: `${formatNumber(takeOverSeconds)} s until every projection moved again (writes answered p99 ${formatNumber(written.p99Ms)} ms)`,
        target: FAILOVER_TARGET,
      });
    } finally {
      await searchIndex.close();
      await readStore.close();
      await failover.stop();
    }

    notes.push(
      'The built site (dist/, NODE_ENV=production, embedded SQLite engines on one fresh DATA_DIR per setup, no Redis), RATE_LIMITS=off; ' +
        `${CONNECTIONS} accounts signed up through the API, one per connection.`,
      `Writes: autocannon, no pipelining, ${seconds} s after a warm-up run; against ${API_PROCESSES} API processes, one autocannon per ` +
        `process at once with ${CONNECTIONS / API_PROCESSES} connections each, req/s summed and the higher p99 shown. Every command ` +
        'answers after its read models settled or says it did not (X-Read-Your-Writes: stale): "answered stale" counts those, from ' +
        "each process's /metrics (devcommunity_read_your_writes_stale_total). CPU per command: the process_cpu_seconds_total " +
        'the processes taking the writes spent over the run (all their threads; not the projector), over the commands answered: ' +
        "less bound to how busy the machine is than req/s; npm start's projector process (which it spawns) is read from /proc.",
      `Failover: 1 API process and 2 projectors; POST /api/Article at a steady ${FAILOVER_RATE}/s, the projector holding every lease ` +
        `SIGKILLed ${FAILOVER_LEAD_MS / 1000} s in; the figure is from the kill until every projection's checkpoint (read through the ` +
        'ports from this process every 10 ms) passed where the killed one left it. The standby takes the leases of a dead process ' +
        'of this host at its next heartbeat (every second), without waiting for them to lapse (3 s).',
    );
    return { figures, summary, notes };
  },
};
