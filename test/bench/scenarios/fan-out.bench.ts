import { performance } from 'node:perf_hooks';
import { FEED_COLLECTION, NOTIFICATIONS_COLLECTION } from '@app/projections';
import { createReadStore, type ReadStore } from '@app/read-store';
import { articleBody } from '../../support/posts';
import { parsePrometheusText } from '../../support/prometheus-text';
import { startServer } from '../../support/server';
import { callSite, signUpOnSite } from '../../support/site-api';
import { DirectAppender } from '../support/direct-append';
import { profilingEnv } from '../support/profiles';
import { formatNumber, type Figure, type SummaryLine } from '../support/report';
import type { Scenario } from '../support/scenario';

const TARGET = '<= 2 s lag, bounded memory';
const METRICS_TOKEN = 'bench-metrics-token';
/** The read models a new post reaches its followers through: their feeds and inboxes. */
const FAN_OUT_READ_MODELS = ['feed', 'notifications'] as const;

/** A process's resident memory (MB), from its /metrics. */
export async function residentMb(siteUrl: string): Promise<number> {
  const response = await fetch(`${siteUrl}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!response.ok) throw new Error(`GET /metrics answered ${response.status}`);
  return parsePrometheusText(await response.text()).sum('process_resident_memory_bytes') / 1024 ** 2;
}

/** Resolves once every named projection's stored checkpoint reached `position` (polled every `everyMs`); the ms it took. */
export async function untilProjected(
  readStore: ReadStore,
  names: readonly string[],
  position: bigint,
  options: { everyMs: number; timeoutMs: number },
): Promise<number> {
  const started = performance.now();
  for (;;) {
    const checkpoints = await Promise.all(names.map((name) => readStore.getCheckpoint(name)));
    if (checkpoints.every((checkpoint) => checkpoint !== null && checkpoint >= position)) return performance.now() - started;
    if (performance.now() - started > options.timeoutMs)
      throw new Error(`${names.join(', ')} did not reach ${position} within ${options.timeoutMs} ms (at ${checkpoints.join(', ')})`);
    await new Promise((resolve) => setTimeout(resolve, options.everyMs));
  }
}

/** The account id of the only account signed up so far on a fresh DATA_DIR (read from its log). */
export async function onlyAccountId(appender: DirectAppender): Promise<string> {
  const registered = (await appender.readAll(1_000)).filter((event) => event.type === 'AccountRegistered');
  if (registered.length !== 1) throw new Error(`expected one account in the log, found ${registered.length}`);
  return (registered[0].data as { accountId: string }).accountId;
}

/**
 * Issue 26: a post by someone with 10,000 followers, until every follower's feed and inbox have it.
 * The followers (accounts and follows) are appended straight to the site's embedded event store.
 */
export const fanOutScenario: Scenario = {
  id: 'fan-out',
  title: 'Fan-out: a post by someone with 10,000 followers, until every feed and inbox has it',
  async run({ quick }) {
    const followerCount = Number(process.env.BENCH_FOLLOWERS ?? (quick ? 1_000 : 10_000));
    const site = await startServer({ env: { NODE_ENV: 'production', LOG_LEVEL: 'warn', METRICS_TOKEN, ...profilingEnv('fan-out') } });
    const readStore = await createReadStore({ dataDir: site.dataDir });
    const appender = new DirectAppender(site.dataDir);
    try {
      const author = await signUpOnSite(site.url, 'Followed Author');
      const authorId = await onlyAccountId(appender);
      const setupStarted = performance.now();
      const followers = await appender.accounts(followerCount, 'follower');
      await appender.follows(followers, { kind: 'user', accountId: authorId });
      const setUp = await appender.flush();
      await untilProjected(readStore, ['follows', ...FAN_OUT_READ_MODELS], setUp, { everyMs: 50, timeoutMs: 600_000 });
      const setupSeconds = (performance.now() - setupStarted) / 1000;
      const rssBefore = await residentMb(site.url);

      const sent = performance.now();
      const postId = await callSite<number>(site.url, 'POST', '/api/Article', {
        token: author.token,
        body: articleBody({ title: 'Fan-out: a post to ten thousand feeds', isPublished: true }),
      });
      const answeredMs = performance.now() - sent;
      const position = (await appender.flush()) ?? 0n; // nothing else writes meanwhile: the head is the post's last event
      await untilProjected(readStore, FAN_OUT_READ_MODELS, position, { everyMs: 5, timeoutMs: 120_000 });
      const lagMs = performance.now() - sent;
      const rssAfter = await residentMb(site.url);

      // Every follower has it: one inbox row each, and the feed entry every follower's feed reads (fan-out on read).
      const inboxRows = await readStore.find<{ id: string; recipientId: string }>(NOTIFICATIONS_COLLECTION, { kind: 'post' });
      const reached = new Set(inboxRows.map((row) => row.recipientId));
      const missing = followers.filter((follower) => !reached.has(follower)).length;
      if (missing > 0) throw new Error(`${missing} of ${followerCount} followers have no inbox row for the post`);
      const feedRows = await readStore.find<{ id: string; postId: number; target: string; visible: boolean }>(FEED_COLLECTION, {
        target: `user:${authorId}`,
      });
      if (!feedRows.some((row) => row.postId === postId && row.visible)) throw new Error('the post is not in the feed read model');

      const figures: Figure[] = [
        { name: `post to ${formatNumber(followerCount)} followers: until every feed and inbox has it`, value: lagMs, unit: 'ms' },
        { name: 'the command answered after', value: answeredMs, unit: 'ms' },
        { name: 'site RSS added by the fan-out', value: Math.max(0, rssAfter - rssBefore), unit: 'MB' },
      ];
      const summary: SummaryLine[] = [
        {
          path: `a post by someone with ${formatNumber(followerCount)} followers reaches every follower's feed and inbox`,
          measured: `${formatNumber(lagMs / 1000)} s (answered after ${formatNumber(answeredMs)} ms); RSS ${formatNumber(rssBefore)} -> ${formatNumber(rssAfter)} MB`,
          target: TARGET,
        },
      ];
      const notes = [
        `The built site (embedded, NODE_ENV=production). ${formatNumber(followerCount)} accounts and their follows of one author appended ` +
          `straight to its event store (${formatNumber(appender.appended)} events, projected in ${formatNumber(setupSeconds)} s), then the ` +
          'author posts a published article over HTTP.',
        'The figure: from sending the POST until the feed and notifications projections checkpoints passed the post (their stored ' +
          'checkpoints read through the ReadStore port every 5 ms from the bench process); then every follower is checked to have ' +
          'its inbox row and the feed entry is checked (the following feed is read at request time from the follows: fan-out on read).',
        'RSS: the site process (process_resident_memory_bytes) before the post and after its fan-out.',
      ];
      return { figures, summary, notes };
    } finally {
      await appender.close();
      await readStore.close();
      await site.stop();
    }
  },
};
