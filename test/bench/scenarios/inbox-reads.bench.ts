import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callSite, type SiteAccount } from '../../support/site-api';
import { ReadsBesideFloor, type FloorRead } from '../support/reads-beside-floor';
import { formatNumber } from '../support/report';
import type { Scenario } from '../support/scenario';
import { createArticle, signUpMany, startBenchSite, uniqueArticleBody } from '../support/site';

const CONNECTIONS = 50;
const AUTHORS = 10;
const POSTS_PER_AUTHOR = 3;
const POSTS_PER_SECOND = 10;
const TARGET = 'p99 <= 20 ms';

/** Runs `work` over `items`, `atOnce` at a time. */
async function inBatches<T>(items: readonly T[], atOnce: number, work: (item: T) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < items.length; start += atOnce) await Promise.all(items.slice(start, start + atOnce).map(work));
}

/**
 * Issue 26: a logged-in reader's own pages, the notifications inbox and the Following feed, at 50
 * connections, each connection a different reader (50 inboxes and feeds, no hot key), quiet and while
 * the authors they follow keep posting (every post lands in every reader's feed and inbox), beside a
 * bare express app sending one reader's bytes.
 */
export const inboxReadsScenario: Scenario = {
  id: 'inbox-reads',
  title: `The inbox and the Following feed of ${CONNECTIONS} readers, quiet and under ${POSTS_PER_SECOND} followed posts/s`,
  async run({ quick }) {
    const seconds = quick ? 2 : 10;
    const site = await startBenchSite('inbox-reads');
    const work = mkdtempSync(join(tmpdir(), 'bench-inbox-reads-'));
    const floors: { stop(): Promise<void> }[] = [];
    try {
      const authors = await signUpMany(site.url, AUTHORS, 'Author');
      const readers = await signUpMany(site.url, CONNECTIONS, 'Reader');
      const follows = readers.flatMap((reader) => authors.map((author) => [reader, author] as const));
      await inBatches(follows, 8, ([reader, author]: readonly [SiteAccount, SiteAccount]) =>
        callSite(site.url, 'PUT', '/api/Follow/User', { token: reader.token, body: { userName: author.userName, isFollowing: true } }),
      );
      await inBatches(
        authors.flatMap((author) => Array.from({ length: POSTS_PER_AUTHOR }, (_, n) => [author, n] as const)),
        4,
        ([author, n]: readonly [SiteAccount, number]) => createArticle(site.url, author, n),
      );

      const reads: FloorRead[] = [
        { name: 'inbox', request: { method: 'GET', path: '/api/Notification' } },
        { name: 'following feed', request: { method: 'GET', path: '/api/Home/Following' } },
      ];
      const measured = await ReadsBesideFloor.start(site.url, reads, work, {
        connections: CONNECTIONS,
        seconds,
        quick,
        target: TARGET,
        captureToken: readers[0].token,
      });
      floors.push(measured);
      const readerTokens = readers.map((reader) => reader.token);
      const posts = {
        connections: AUTHORS,
        requests: [{ method: 'POST' as const, path: '/api/Article', body: uniqueArticleBody() }],
        tokens: authors.map((author) => author.token),
        overallRate: POSTS_PER_SECOND,
      };
      for (const underWrites of [false, true]) {
        for (const read of reads) {
          const label = `${CONNECTIONS} readers, ${read.name}${underWrites ? `, ${POSTS_PER_SECOND} followed posts/s` : ', quiet'}`;
          await measured.measure(read, label, readerTokens, underWrites ? posts : undefined);
        }
      }
      const { figures, summary, notes } = measured;
      notes.unshift(
        `The built site (dist/, NODE_ENV=production, embedded SQLite engines, its own DATA_DIR), seeded through the API: ${CONNECTIONS} readers ` +
          `each following ${AUTHORS} authors, who published ${AUTHORS * POSTS_PER_AUTHOR} articles (each reader's feed and inbox hold them all; ` +
          `a page is 20 items).`,
        `autocannon in its own process, ${CONNECTIONS} connections, each with a different reader's bearer token (no hot key), no pipelining, ` +
          `${seconds} s per run${quick ? '' : ' after a warm-up run'}, GETs without If-None-Match.`,
        `Under writes: a second autocannon, the ${AUTHORS} authors posting published articles at a steady ${POSTS_PER_SECOND}/s in all ` +
          `(${formatNumber(measured.written)} posts), each reaching every reader's feed and inbox, through both the site and the floor measurement.`,
        "The floor (express 5 in its own process) answers the same path with the first reader's bytes and nothing else.",
      );
      return { figures, summary, notes };
    } finally {
      for (const floor of floors) await floor.stop();
      await site.stop();
      rmSync(work, { recursive: true, force: true });
    }
  },
};
