import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createReadStore, type ReadStore } from '@app/read-store';
import { articleBody } from '../../support/posts';
import { startServer } from '../../support/server';
import { callSite, type SiteAccount } from '../../support/site-api';
import { DirectAppender } from '../support/direct-append';
import { profilingEnv } from '../support/profiles';
import { formatNumber, type Figure, type SummaryLine } from '../support/report';
import type { Scenario } from '../support/scenario';
import { signUpMany } from '../support/site';
import { residentMb, untilProjected } from './fan-out.bench';
import type { ClientCommand, ClientReport } from './live-connections-client';

const TARGET = '<= 250 MB more RSS; a new notification reaches them p99 <= 200 ms';
const METRICS_TOKEN = 'bench-metrics-token';
/** Connections opened at once while setting up. */
const OPENING_AT_ONCE = 200;

/** The client processes the connections are spread over (the scenario's own process reads none of them). */
const CLIENT_PROCESSES = Number(process.env.BENCH_LIVE_CLIENTS ?? 2);

interface ClientProcess {
  child: ChildProcess;
  /** The next report of the child. */
  next(): Promise<ClientReport>;
}

/** Forks a client (live-connections-client.ts), told to open one connection per ticket; resolves once all are open. */
async function openClient(siteUrl: string, tickets: string[]): Promise<ClientProcess> {
  const child = fork(join(__dirname, 'live-connections-client.ts'), [], { execArgv: ['-r', '@swc-node/register'] });
  const reports: ClientReport[] = [];
  let wake: (() => void) | undefined;
  child.on('message', (report: ClientReport) => {
    reports.push(report);
    wake?.();
  });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`a client process exited (${code})`))));
  exited.catch(() => undefined);
  const next = async (): Promise<ClientReport> => {
    while (reports.length === 0) await Promise.race([new Promise<void>((resolve) => (wake = resolve)), exited]);
    const report = reports.shift()!;
    if (report.type === 'failed') throw new Error(`a client process failed: ${report.error}`);
    return report;
  };
  child.send({ type: 'open', siteUrl, tickets, atOnce: Math.ceil(OPENING_AT_ONCE / CLIENT_PROCESSES) } satisfies ClientCommand);
  await next();
  return { child, next };
}

/** Posts measured after the first (cold) one; each reaches every connection. */
const MEASURED_ROUNDS = Number(process.env.BENCH_LIVE_ROUNDS ?? 3);

interface Round {
  /** From sending the POST until each connection read the `notification` event, sorted (ms). */
  delays: number[];
  answeredMs: number;
  projectedMs: number | null;
}

/** The author posts a published article; every connection, armed first, reports when it heard of it. */
async function deliver(
  siteUrl: string,
  author: SiteAccount,
  clients: readonly ClientProcess[],
  readStore: ReadStore,
  appender: DirectAppender,
  round: number,
): Promise<Round> {
  for (const client of clients) client.child.send({ type: 'arm' } satisfies ClientCommand);
  for (const client of clients) await client.next(); // armed
  const notified = clients.map((client) => client.next());
  const sent = performance.now();
  await callSite<number>(siteUrl, 'POST', '/api/Article', {
    token: author.token,
    body: articleBody({ title: `Live: a post every follower hears of, ${round}`, isPublished: true }),
  });
  const answeredMs = performance.now() - sent;
  const projectedMs = await untilProjected(readStore, ['notifications'], await appender.flush(), { everyMs: 5, timeoutMs: 60_000 })
    .then((ms) => ms + answeredMs)
    .catch(() => null);
  const deadline = setTimeout(() => clients.forEach((client) => client.child.send({ type: 'report' } satisfies ClientCommand)), 30_000);
  const times = (await Promise.all(notified)).flatMap((report) => (report.type === 'notified' ? report.at : []));
  clearTimeout(deadline);
  const sentAt = performance.timeOrigin + sent;
  const delays = times
    .filter((at) => at !== null)
    .map((at) => at - sentAt)
    .sort((a, b) => a - b);
  return { delays, answeredMs, projectedMs };
}

const roundTimes = ({ answeredMs, projectedMs }: Round) =>
  `${formatNumber(answeredMs)} / ${projectedMs === null ? '(not seen)' : formatNumber(projectedMs)} ms`;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Issue 26: idle live connections (the notifications' server-sent events) held by one API process:
 * the memory they add, and how long a new notification takes to reach every one of them.
 */
export const liveConnectionsScenario: Scenario = {
  id: 'live-connections',
  title: 'Live notifications: 5,000 idle SSE connections held by one API process',
  async run({ quick }) {
    const connectionCount = Number(process.env.BENCH_LIVE_CONNECTIONS ?? (quick ? 500 : 5_000));
    const readerCount = Number(process.env.BENCH_LIVE_READERS ?? 20);
    const site = await startServer({
      env: { NODE_ENV: 'production', LOG_LEVEL: 'warn', METRICS_TOKEN, ...profilingEnv('live-connections') },
    });
    const readStore = await createReadStore({ dataDir: site.dataDir });
    const appender = new DirectAppender(site.dataDir);
    const clients: ClientProcess[] = [];
    try {
      const [author, ...readers] = await signUpMany(site.url, readerCount + 1, 'Live');
      for (const reader of readers)
        await callSite(site.url, 'PUT', '/api/Follow/User', {
          token: reader.token,
          body: { userName: author.userName, isFollowing: true },
        });
      const tickets = new Map<SiteAccount, string>();
      for (const reader of readers)
        tickets.set(
          reader,
          (await callSite<{ ticket: string }>(site.url, 'POST', '/api/Notification/StreamTicket', { token: reader.token })).ticket,
        );
      const rssBefore = await residentMb(site.url);

      // Every reader's connections (tabs, devices) open, the reader's tickets reused (a ticket lives 60 s).
      const openingStarted = performance.now();
      const ticketsOf = (client: number) =>
        Array.from({ length: connectionCount }, (_, n) => n)
          .filter((n) => n % CLIENT_PROCESSES === client)
          .map((n) => tickets.get(readers[n % readers.length])!);
      clients.push(
        ...(await Promise.all(Array.from({ length: CLIENT_PROCESSES }, (_, client) => openClient(site.url, ticketsOf(client))))),
      );
      const openingSeconds = (performance.now() - openingStarted) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 2_000)); // idle
      const rssIdle = await residentMb(site.url);

      // The first post after the site started runs cold code (JIT, first reads) on every step: not counted.
      const rounds: Round[] = [];
      for (let round = 0; round <= MEASURED_ROUNDS; round++)
        rounds.push(await deliver(site.url, author, clients, readStore, appender, round));
      const [cold, ...measured] = rounds;
      const delays = measured.flatMap((round) => round.delays).sort((a, b) => a - b);
      const missed = connectionCount * MEASURED_ROUNDS - delays.length;
      if (delays.length === 0) throw new Error('no connection received a notification within 30 s');

      const p50 = percentile(delays, 50);
      const p99 = percentile(delays, 99);
      const addedMb = rssIdle - rssBefore;
      const figures: Figure[] = [
        { name: `${formatNumber(connectionCount)} idle connections: RSS added`, value: addedMb, unit: 'MB' },
        { name: 'a new notification reaches every connection: p50', value: p50, unit: 'ms' },
        { name: 'a new notification reaches every connection: p99', value: p99, unit: 'ms' },
        { name: 'a new notification reaches every connection: max', value: delays[delays.length - 1], unit: 'ms' },
        { name: 'the first post after the start (not counted): p99', value: percentile(cold.delays, 99), unit: 'ms' },
      ];
      const summary: SummaryLine[] = [
        {
          path: `${formatNumber(connectionCount)} idle live connections held by one API process`,
          measured:
            `${formatNumber(addedMb)} MB more RSS (${formatNumber(rssBefore)} -> ${formatNumber(rssIdle)} MB); a new notification reached ` +
            `them p50 ${formatNumber(p50)} ms, p99 ${formatNumber(p99)} ms${missed > 0 ? `, ${missed} not within 30 s` : ''}`,
          target: TARGET,
        },
      ];
      const notes = [
        `The built site (embedded: the API process and the projector it spawns, NODE_ENV=production). ${readerCount} readers signed up over HTTP follow one ` +
          `author; ${formatNumber(connectionCount)} GET /api/Notification/Stream connections (server-sent events) are opened from ` +
          `${CLIENT_PROCESSES} client processes (live-connections-client.ts; the bench process reads none, so its own event loop times ` +
          `the POST), ${formatNumber(connectionCount / readerCount)} per reader (a ticket each, reused), ${OPENING_AT_ONCE} at a time ` +
          `(all open in ${formatNumber(openingSeconds)} s), then left idle 2 s.`,
        'RSS added: the site process (process_resident_memory_bytes) with every connection open and idle, less before the first opened.',
        `Delivery: the author posts a published article, ${MEASURED_ROUNDS + 1} times one after the other; from sending the POST until ` +
          'each connection has read its `notification` event. The figures are over every connection of the last ' +
          `${MEASURED_ROUNDS} posts; the first, the site's first post after it started (cold code on every step), is not counted ` +
          `(p50 ${formatNumber(percentile(cold.delays, 50))} ms, p99 ${formatNumber(percentile(cold.delays, 99))} ms). Per post, the POST ` +
          `answered and the notifications projection had it after: ${rounds.map(roundTimes).join('; ')}.`,
      ];
      return { figures, summary, notes };
    } finally {
      for (const client of clients) client.child.kill();
      await appender.close();
      await readStore.close();
      await site.stop();
    }
  },
};
