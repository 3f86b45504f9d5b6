import { performance } from 'node:perf_hooks';
import type { Notification } from '@app/contracts';
import {
  FEED_COLLECTION,
  FOLLOWS_COLLECTION,
  POST_NOTICES_COLLECTION,
  type FollowDocument,
  type PostNoticeDocument,
} from '@app/projections';
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
      // One follower more, signed up and following over HTTP, reads its inbox after the post.
      const watcher = await signUpOnSite(site.url, 'Watching Follower');
      await callSite(site.url, 'PUT', '/api/Follow/User', { token: watcher.token, body: { userName: author.userName, isFollowing: true } });
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

      // Every follower has it: inboxes merge the author's post notice at read time (fan-out on read), for
      // whoever follows the author since before it.
      const [notice] = await readStore.find<PostNoticeDocument>(POST_NOTICES_COLLECTION, { target: `user:${authorId}` });
      if (notice?.post.postId !== postId) throw new Error('the post has no notice for its author’s followers');
      const follows = await readStore.find<FollowDocument>(FOLLOWS_COLLECTION, { target: `user:${authorId}`, seq: { $lt: notice.seq } });
      const reached = new Set(follows.map((follow) => follow.followerId));
      const missing = followers.filter((follower) => !reached.has(follower)).length;
      if (missing > 0) throw new Error(`${missing} of ${followerCount} followers do not follow from before the post`);
      const inboxStarted = performance.now();
      const inbox = await callSite<Notification[]>(site.url, 'GET', '/api/Notification', { token: watcher.token });
      const inboxMs = performance.now() - inboxStarted;
      if (!inbox.some((row) => row.kind === 'post' && row.target.id === postId))
        throw new Error('a follower’s inbox does not show the post');
      const feedRows = await readStore.find<{ id: string; postId: number; target: string; visible: boolean }>(FEED_COLLECTION, {
        target: `user:${authorId}`,
      });
      if (!feedRows.some((row) => row.postId === postId && row.visible)) throw new Error('the post is not in the feed read model');

      const figures: Figure[] = [
        { name: `post to ${formatNumber(followerCount)} followers: until every feed and inbox has it`, value: lagMs, unit: 'ms' },
        { name: 'the command answered after', value: answeredMs, unit: 'ms' },
        { name: "then a follower's GET /api/Notification (one request, uncached)", value: inboxMs, unit: 'ms' },
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
          'checkpoints read through the ReadStore port every 5 ms from the bench process). Feeds and inboxes are both read at ' +
          'request time from the follows (fan-out on read): the post is checked to have its feed entry and its notice, every ' +
          'follower to follow from before it, and one more follower, signed up and following over HTTP, to see it in its inbox.',
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
