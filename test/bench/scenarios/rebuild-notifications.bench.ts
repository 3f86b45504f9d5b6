import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { articleStreamName, type ArticleEvent } from '@app/domain';
import { CLI, runNode } from '../support/children';
import { DirectAppender } from '../support/direct-append';
import { eventLogDataDir } from '../support/event-log';
import { profilingEnv } from '../support/profiles';
import { formatNumber, type Figure, type SummaryLine } from '../support/report';
import type { Scenario } from '../support/scenario';

const TARGET = '>= 30k events/s at 1M events';
/** How many accounts each account follows, and the share of accounts following the tag some posts carry. */
const FOLLOWS_PER_ACCOUNT = 20;
const TAG_FOLLOWER_SHARE = 0.02;
const FOLLOWED_TAG = { id: 7, subTag: 'typescript' };
const TEXT = '<p>A post its author’s followers hear of.</p>';

/**
 * Issue 26: `projections rebuild notifications` over a log of about 1M events: the cached benchmark
 * log (accounts, posts, comments, likes: comment, reply and like notifications), followed by follows
 * of people and a tag and posts by the followed (post notifications: one notice per followed target,
 * merged into the followers' inboxes at read time), all appended straight to the embedded event store.
 */
export const rebuildNotificationsScenario: Scenario = {
  id: 'rebuild-notifications',
  title: '`projections rebuild notifications` at 1M events',
  async run({ quick }) {
    const size = Number(process.env.BENCH_REBUILD_EVENTS ?? (quick ? 100_000 : 1_000_000));
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-rebuild-notifications-'));
    try {
      const base = await eventLogDataDir(Math.round(size * 0.93), dataDir);
      const appendStarted = performance.now();
      const appender = new DirectAppender(dataDir);
      const accounts = (await appender.readAll(Math.max(100, size / 250)))
        .filter((event) => event.type === 'AccountRegistered')
        .map((event) => (event.data as { accountId: string }).accountId);
      let followed = 0;
      for (const [index, followerId] of accounts.entries()) {
        for (let step = 1; step <= Math.min(FOLLOWS_PER_ACCOUNT, accounts.length - 1); step += 1) {
          const accountId = accounts[(index + step * 7) % accounts.length];
          if (accountId === followerId) continue;
          await appender.follows([followerId], { kind: 'user', accountId });
          followed += 1;
        }
        if (index < accounts.length * TAG_FOLLOWER_SHARE) await appender.follows([followerId], { kind: 'tag', tagId: FOLLOWED_TAG.id });
      }
      // Posts by the followed until the log holds `size` events; post ids far above the base log's.
      let id = Date.UTC(2027, 0, 1) * 2048;
      let posts = 0;
      while (base.events + appender.appended < size) {
        id += 2048;
        posts += 1;
        const authorId = accounts[posts % accounts.length];
        const fields = {
          title: `Followed post ${posts}`,
          description: 'For the followers',
          categoryId: 3,
          tags: posts % 3 === 0 ? [FOLLOWED_TAG] : [{ id: 1, subTag: 'csharp' }],
          content: TEXT,
          source: '',
          instructions: '',
        };
        const events: ArticleEvent[] = [
          { type: 'ArticleDrafted', data: { ...fields, id, authorId, isApproved: true, at: appender.at() } },
          { type: 'ArticlePublished', data: { at: appender.at() } },
        ];
        await appender.append(articleStreamName(id), events, authorId);
      }
      const events = Number(await appender.flush());
      await appender.close();
      const appendSeconds = (performance.now() - appendStarted) / 1000;

      const env = { DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn' };
      const rebuild = await runNode(CLI, ['projections', 'rebuild', 'notifications'], {
        env: { ...env, ...profilingEnv('rebuild-notifications') },
      });
      if (rebuild.status !== 0)
        throw new Error(`rebuild failed: ${(rebuild.stderr || rebuild.stdout).trim().split('\n').slice(-3).join(' ')}`);
      const rate = events / (rebuild.wallMs / 1000);
      const figures: Figure[] = [
        { name: `rebuild notifications, ${formatNumber(events)} events: events/s`, value: rate, unit: 'events/s' },
        { name: 'rebuild notifications: peak RSS', value: rebuild.peakRssMb, unit: 'MB' },
      ];
      const summary: SummaryLine[] = [
        {
          path: `\`projections rebuild notifications\`, ${events.toLocaleString('en')} events`,
          measured: `${formatNumber(rate)} events/s, ${formatNumber(rebuild.peakRssMb)} MB peak RSS (${formatNumber(rebuild.wallMs / 1000)} s)`,
          target: TARGET,
        },
      ];
      const notes = [
        `The log: the benchmark log of ${base.events.toLocaleString('en')} events (cached, see the rebuild scenario), then ` +
          `${formatNumber(followed)} follows of people (${FOLLOWS_PER_ACCOUNT} per account), ${formatNumber(Math.ceil(accounts.length * TAG_FOLLOWER_SHARE))} ` +
          `of a tag and ${formatNumber(posts)} published posts by the followed (a third with the tag), appended straight to the ` +
          `embedded event store in ${formatNumber(appendSeconds)} s.`,
        '`node dist/apps/cli/main.js projections rebuild notifications` in its own process; events/s = events in the log / wall time ' +
          'of that process (start included); peak RSS = its VmHWM from /proc.',
      ];
      return { figures, summary, notes };
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
