import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoadRequest } from '../support/load';
import { ReadsBesideFloor, type FloorRead } from '../support/reads-beside-floor';
import type { Scenario } from '../support/scenario';
import { addComment, createArticle, likeArticle, signUpMany, startBenchSite, uniqueCommentBody } from '../support/site';

const CONNECTIONS = 50;
const ARTICLES = 40;
const WRITES_PER_SECOND = 100;
const WRITERS = 10;
const TARGET = '>= 0.80x express, p99 <= 20 ms';

/**
 * Home and an article read anonymously and with a bearer token, side by side, quiet and while a
 * steady stream of comments and likes (on other articles) flows, each beside a bare express app
 * sending the same bytes measured at the same time.
 */
export const readsUnderWritesScenario: Scenario = {
  id: 'reads-under-writes',
  title: `Home and an article, anonymous and logged in, quiet and under ${WRITES_PER_SECOND} writes/s`,
  async run({ quick }) {
    const seconds = quick ? 2 : 10;
    const site = await startBenchSite('reads-under-writes');
    const work = mkdtempSync(join(tmpdir(), 'bench-reads-writes-'));
    const floors: { stop(): Promise<void> }[] = [];
    try {
      const [author, ...readers] = await signUpMany(site.url, 6, 'Reader');
      const writers = await signUpMany(site.url, WRITERS, 'Writer');
      const articles: number[] = [];
      for (let n = 0; n < ARTICLES; n += 1) articles.push(await createArticle(site.url, author, n));
      const article = articles[articles.length - 1];
      for (let n = 0; n < 20; n += 1) await addComment(site.url, readers[n % readers.length], article, n);
      for (const reader of readers) await likeArticle(site.url, reader, article);

      // Each writer in turn comments on, likes and unlikes one of the other articles (home shows some of them).
      const writes: LoadRequest[] = articles.slice(-11, -1).flatMap((id): LoadRequest[] => [
        {
          method: 'POST',
          path: '/api/ArticleComment',
          body: uniqueCommentBody(id),
        },
        { method: 'PUT', path: '/api/Article/Like', body: { id, isLiked: true } },
        { method: 'PUT', path: '/api/Article/Like', body: { id, isLiked: false } },
      ]);

      const reads: FloorRead[] = [
        { name: 'home', request: { method: 'GET', path: '/api/Home/' } },
        { name: 'article', request: { method: 'GET', path: `/api/Article/${article}` } },
      ];
      const measured = await ReadsBesideFloor.start(site.url, reads, work, { connections: CONNECTIONS, seconds, quick, target: TARGET });
      floors.push(measured);
      const readerTokens = readers.map((reader) => reader.token);
      const writeLoad = {
        connections: WRITERS,
        requests: writes,
        tokens: writers.map((writer) => writer.token),
        overallRate: WRITES_PER_SECOND,
      };
      for (const underWrites of [false, true]) {
        for (const read of reads) {
          for (const loggedIn of [false, true]) {
            const label = `${read.name}${loggedIn ? ' (logged in)' : ' (anonymous)'}${underWrites ? `, ${WRITES_PER_SECOND} writes/s` : ', quiet'}`;
            await measured.measure(read, label, loggedIn ? readerTokens : undefined, underWrites ? writeLoad : undefined);
          }
        }
      }
      const { figures, summary, notes } = measured;
      notes.unshift(
        `The built site (dist/, NODE_ENV=production, embedded SQLite engines, its own DATA_DIR), seeded through the API: ` +
          `${ARTICLES} published articles, 20 comments and 5 likes on the article read.`,
        `autocannon in its own process, ${CONNECTIONS} connections, no pipelining, ${seconds} s per run${quick ? '' : ' after a warm-up run'}, ` +
          "GETs without If-None-Match (every answer a full 200). Logged in: each connection carries one of 5 readers' bearer tokens " +
          '(each likes the article, so their answer differs from the anonymous one by isLikedByMe).',
        `Under writes: a second autocannon, ${WRITERS} writer accounts, a steady ${WRITES_PER_SECOND} requests/s in all, cycling a comment, ` +
          'a like and an unlike on each of 10 other articles (most on home), running through both the site and the floor measurement.',
        'The floor (express 5 in its own process) answers the same path with the anonymous bytes the site sent (Accept-Encoding: identity) and nothing else.',
      );
      return { figures, summary, notes };
    } finally {
      for (const floor of floors) await floor.stop();
      await site.stop();
      rmSync(work, { recursive: true, force: true });
    }
  },
};
