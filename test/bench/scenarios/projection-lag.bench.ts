import { join } from 'node:path';
import { SqliteEventStore } from '@app/event-store';
import { createReadStore } from '@app/read-store';
import { createSearchIndex } from '@app/search-index';
import { CLI, runNode } from '../support/children';
import { projectionNames } from '../support/cli-status';
import { runLoad } from '../support/load';
import { formatNumber, percentile, type Figure } from '../support/report';
import { loadSeconds, type BenchContext, type Scenario, type ScenarioOutcome } from '../support/scenario';
import { createArticle, signUpMany, startBenchSite, uniqueCommentBody } from '../support/site';

/** Commands per second, each run on a fresh site; at 500/s one connection per 10 commands/s keeps each connection's rate reachable. */
const RATES = [100, 500];
const connectionsAt = (rate: number) => Math.max(10, rate / 10);
const LAG_TARGET = 'p99 <= 50 ms at 500 commands/s';
const POLL_MS = 2;
/** The search projection keeps its checkpoint in the SearchIndex, the others in the read store. */
const SEARCH_PROJECTION = 'search';

export const projectionLagScenario: Scenario = {
  id: 'lag',
  title: `Projection lag at a steady ${RATES.join(' and ')} commands/s`,
  async run(context) {
    const outcomes: ScenarioOutcome[] = [];
    for (const rate of RATES) outcomes.push(await lagAt(rate, context));
    return {
      figures: outcomes.flatMap((outcome) => outcome.figures),
      summary: outcomes.flatMap((outcome) => outcome.summary),
      notes: [...new Set(outcomes.flatMap((outcome) => outcome.notes))], // how lag is measured is said once
    };
  },
};

/** One site, `rate` commands per second, every projection's lag. */
async function lagAt(rate: number, context: BenchContext): Promise<ScenarioOutcome> {
  const connections = connectionsAt(rate);
  const seconds = loadSeconds(context, 3, 30);
  const site = await startBenchSite(`lag-${rate}`);
  // The harness watches the site's stores through the ports, from its own (otherwise idle) process.
  const eventStore = new SqliteEventStore(join(site.dataDir, 'events.sqlite'));
  const readStore = await createReadStore({ dataDir: site.dataDir });
  const searchIndex = createSearchIndex({ dataDir: site.dataDir });
  let poller: NodeJS.Timeout | undefined;
  try {
    const accounts = await signUpMany(site.url, connections, 'Commenter');
    const articleId = await createArticle(site.url, accounts[0], 0);
    const status = await runNode(CLI, ['projections', 'status'], { env: { DATA_DIR: site.dataDir } });
    const names = projectionNames(status.stdout);
    if (names.length === 0) throw new Error(`projections status listed no projection: ${(status.stdout + status.stderr).slice(0, 500)}`);
    const checkpointOf = (name: string) => (name === SEARCH_PROJECTION ? searchIndex.getCheckpoint() : readStore.getCheckpoint(name));

    // Every event appended from now on, and for each projection the events its checkpoint has not passed yet.
    let after = await eventStore.headPosition();
    const waiting = new Map(names.map((name) => [name, [] as { position: bigint; recordedAt: number }[]]));
    const lags = new Map(names.map((name) => [name, [] as number[]]));
    let busy = false;
    const tick = async () => {
      if (busy) return;
      busy = true;
      try {
        for (;;) {
          const page = await eventStore.readAll({ after, maxCount: 1_000 });
          if (page.length === 0) break;
          for (const event of page)
            for (const queue of waiting.values()) queue.push({ position: event.position, recordedAt: event.recordedAt.getTime() });
          after = page[page.length - 1].position;
        }
        for (const name of names) {
          const checkpoint = await checkpointOf(name);
          const now = Date.now();
          const queue = waiting.get(name)!;
          let passed = 0;
          while (checkpoint !== null && passed < queue.length && queue[passed].position <= checkpoint)
            lags.get(name)!.push(now - queue[passed++].recordedAt);
          queue.splice(0, passed);
        }
      } finally {
        busy = false;
      }
    };
    poller = setInterval(() => void tick(), POLL_MS);

    const load = await runLoad({
      url: site.url,
      connections: connections,
      seconds,
      overallRate: rate,
      tokens: accounts.map((account) => account.token),
      requests: [
        {
          method: 'POST',
          path: '/api/ArticleComment',
          body: uniqueCommentBody(articleId),
        },
        { method: 'PUT', path: '/api/Article/Like', body: { id: articleId, isLiked: true } },
        { method: 'PUT', path: '/api/Article/Like', body: { id: articleId, isLiked: false } },
      ],
    });
    const drainedBy = Date.now() + 10_000;
    while ([...waiting.values()].some((queue) => queue.length > 0) && Date.now() < drainedBy)
      await new Promise((resolve) => setTimeout(resolve, 20));
    clearInterval(poller);
    poller = undefined;

    const figures: Figure[] = [];
    const all: number[] = [];
    const behind: string[] = [];
    for (const [name, samples] of lags) {
      if (waiting.get(name)!.length > 0) behind.push(`${name} (${waiting.get(name)!.length} events)`);
      if (samples.length === 0) continue;
      all.push(...samples);
      figures.push(
        {
          name: `${rate}/s, ${name}: lag p50`,
          value: percentile(samples, 0.5),
          unit: 'ms',
          baseline: { name: 'command answer p50', value: load.p50Ms },
        },
        {
          name: `${rate}/s, ${name}: lag p99`,
          value: percentile(samples, 0.99),
          unit: 'ms',
          baseline: { name: 'command answer p99', value: load.p99Ms },
        },
      );
    }
    return {
      figures,
      summary: [
        {
          path: `projection lag at ${rate} commands/s (${formatNumber(load.requestsPerSecond)} achieved)`,
          measured:
            `p50 ${formatNumber(percentile(all, 0.5))} ms, p99 ${formatNumber(percentile(all, 0.99))} ms over every projection ` +
            `(commands answered p50 ${formatNumber(load.p50Ms)} ms, p99 ${formatNumber(load.p99Ms)} ms)`,
          target: rate === 500 ? LAG_TARGET : '',
        },
      ],
      notes: [
        `Lag = from the append (the event's recordedAt, the store's clock at commit) to the moment the projection's checkpoint has passed ` +
          `the event's position, as seen by the harness reading the checkpoints through the ports (ReadStore / SearchIndex getCheckpoint) ` +
          `on the site's files every ${POLL_MS} ms from its own process: rounded up by up to ${POLL_MS} ms plus a read.`,
        `At ${rate} commands/s: autocannon in its own process, ${connections} connections (one account each), a steady ${rate} requests/s over all for ${seconds} s, ` +
          `cycling comment, like, unlike (${load.requests} commands); the built site (embedded, NODE_ENV=production, RATE_LIMITS=off).`,
        ...(load.failures > 0 ? [`${load.failures} of ${load.requests} commands failed (${load.failureKinds}).`] : []),
        ...(behind.length > 0 ? [`Still behind 10 s after the load: ${behind.join(', ')} (not counted).`] : []),
      ],
    };
  } finally {
    if (poller) clearInterval(poller);
    await searchIndex.close();
    await readStore.close();
    await eventStore.close();
    await site.stop();
  }
}
