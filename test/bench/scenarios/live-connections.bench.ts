import { request, type ClientRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import { createReadStore } from '@app/read-store';
import { articleBody } from '../../support/posts';
import { startServer } from '../../support/server';
import { callSite, type SiteAccount } from '../../support/site-api';
import { DirectAppender } from '../support/direct-append';
import { profilingEnv } from '../support/profiles';
import { formatNumber, type Figure, type SummaryLine } from '../support/report';
import type { Scenario } from '../support/scenario';
import { signUpMany } from '../support/site';
import { residentMb, untilProjected } from './fan-out.bench';

const TARGET = '<= 250 MB more RSS; a new notification reaches them p99 <= 200 ms';
const METRICS_TOKEN = 'bench-metrics-token';
/** Connections opened at once while setting up. */
const OPENING_AT_ONCE = 200;

/** One open notification stream (SSE), recording when its first `notification` event arrived. */
interface LiveConnection {
  request: ClientRequest;
  opened: Promise<void>;
  notifiedAt: number | null;
  notified: Promise<void>;
}

function openStream(siteUrl: string, ticket: string): LiveConnection {
  let markOpened!: () => void;
  let markNotified!: () => void;
  let failOpen!: (error: Error) => void;
  const opened = new Promise<void>((resolve, reject) => ((markOpened = resolve), (failOpen = reject)));
  const notified = new Promise<void>((resolve) => (markNotified = resolve));
  const url = new URL(`/api/Notification/Stream?ticket=${encodeURIComponent(ticket)}`, siteUrl);
  const connection: LiveConnection = { request: undefined as unknown as ClientRequest, opened, notifiedAt: null, notified };
  connection.request = request(url, { agent: false, headers: { Accept: 'text/event-stream' } }, (response) => {
    if (response.statusCode !== 200) return failOpen(new Error(`the stream answered ${response.statusCode}`));
    let text = '';
    response.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
      // The unread count is sent once the stream is registered: from then on it is pushed to.
      if (text.includes('event: unread')) markOpened();
      if (connection.notifiedAt === null && text.includes('event: notification')) {
        connection.notifiedAt = performance.now();
        markNotified();
      }
      if (text.length > 4096) text = text.slice(-1024);
    });
  });
  connection.request.on('error', (error) => failOpen(error));
  connection.request.end();
  return connection;
}

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
    const connections: LiveConnection[] = [];
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
      for (let start = 0; start < connectionCount; start += OPENING_AT_ONCE) {
        const batch: LiveConnection[] = [];
        for (let n = start; n < Math.min(connectionCount, start + OPENING_AT_ONCE); n += 1)
          batch.push(openStream(site.url, tickets.get(readers[n % readers.length])!));
        connections.push(...batch);
        await Promise.all(batch.map((connection) => connection.opened));
      }
      const openingSeconds = (performance.now() - openingStarted) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 2_000)); // idle
      const rssIdle = await residentMb(site.url);

      const sent = performance.now();
      await callSite<number>(site.url, 'POST', '/api/Article', {
        token: author.token,
        body: articleBody({ title: 'Live: a post every follower hears of', isPublished: true }),
      });
      const answeredMs = performance.now() - sent;
      const projectedMs = await untilProjected(readStore, ['notifications'], await appender.flush(), { everyMs: 5, timeoutMs: 60_000 })
        .then((ms) => ms + answeredMs)
        .catch(() => null);
      const deadline = new Promise((resolve) => setTimeout(resolve, 30_000));
      await Promise.race([Promise.all(connections.map((connection) => connection.notified)), deadline]);
      const delays = connections
        .filter((connection) => connection.notifiedAt !== null)
        .map((connection) => connection.notifiedAt! - sent)
        .sort((a, b) => a - b);
      const missed = connections.length - delays.length;
      if (delays.length === 0) throw new Error('no connection received the notification within 30 s');

      const p50 = percentile(delays, 50);
      const p99 = percentile(delays, 99);
      const addedMb = rssIdle - rssBefore;
      const figures: Figure[] = [
        { name: `${formatNumber(connectionCount)} idle connections: RSS added`, value: addedMb, unit: 'MB' },
        { name: 'a new notification reaches every connection: p50', value: p50, unit: 'ms' },
        { name: 'a new notification reaches every connection: p99', value: p99, unit: 'ms' },
        { name: 'a new notification reaches every connection: max', value: delays[delays.length - 1], unit: 'ms' },
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
        `The built site (embedded: one process, every role, NODE_ENV=production). ${readerCount} readers signed up over HTTP follow one ` +
          `author; ${formatNumber(connectionCount)} GET /api/Notification/Stream connections (server-sent events) are opened from the ` +
          `bench process, ${formatNumber(connectionCount / readerCount)} per reader (a ticket each, reused), ${OPENING_AT_ONCE} at a time ` +
          `(all open in ${formatNumber(openingSeconds)} s), then left idle 2 s.`,
        'RSS added: the site process (process_resident_memory_bytes) with every connection open and idle, less before the first opened.',
        'Delivery: the author posts a published article; from sending the POST until each connection has read its `notification` event ' +
          `(the POST answered after ${formatNumber(answeredMs)} ms; the notifications projection had it ` +
          `${projectedMs === null ? '(not seen)' : `after ${formatNumber(projectedMs)} ms`}).`,
      ];
      return { figures, summary, notes };
    } finally {
      for (const connection of connections) connection.request.destroy();
      await appender.close();
      await readStore.close();
      await site.stop();
    }
  },
};
