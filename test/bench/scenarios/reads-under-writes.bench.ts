import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startListeningChild } from '../support/children';
import { runLoad, type LoadRequest, type LoadResult } from '../support/load';
import { formatNumber, type Figure, type SummaryLine } from '../support/report';
import type { Scenario } from '../support/scenario';
import { addComment, createArticle, likeArticle, signUpMany, startBenchSite, uniqueCommentBody } from '../support/site';
import { capture } from './http-reads.bench';

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

      const reads: { name: string; request: LoadRequest }[] = [
        { name: 'home', request: { method: 'GET', path: '/api/Home/' } },
        { name: 'article', request: { method: 'GET', path: `/api/Article/${article}` } },
      ];
      const captured = await Promise.all(reads.map(({ request }) => capture(site.url, request)));
      const capturedFile = join(work, 'captured.json');
      writeFileSync(capturedFile, JSON.stringify(captured));
      const express = await startListeningChild(join(__dirname, '..', 'support', 'floor-server.ts'), ['express', capturedFile]);
      floors.push(express);

      const figures: Figure[] = [];
      const summary: SummaryLine[] = [];
      const notes: string[] = [];
      const noteFailures = (what: string, result: LoadResult) => {
        if (result.failures > 0) notes.push(`${what}: ${result.failures} of ${result.requests} answers failed (${result.failureKinds})`);
      };
      const load = async (url: string, request: LoadRequest, tokens?: string[]): Promise<LoadResult> => {
        const result = await runLoad({ url, connections: CONNECTIONS, seconds, requests: [request], tokens });
        noteFailures(`${request.method} ${request.path} on ${url}${tokens ? ' (logged in)' : ''}`, result);
        return result;
      };
      const readerTokens = readers.map((reader) => reader.token);
      for (const underWrites of [false, true]) {
        for (const { name, request } of reads) {
          for (const loggedIn of [false, true]) {
            const tokens = loggedIn ? readerTokens : undefined;
            if (!quick) await load(site.url, request, tokens); // warm-up, not measured
            // The writes run through both measurements, so the site and the floor share the machine with them.
            const writing = underWrites
              ? runLoad({
                  url: site.url,
                  connections: WRITERS,
                  seconds: 2 * seconds + 5,
                  requests: writes,
                  tokens: writers.map((writer) => writer.token),
                  overallRate: WRITES_PER_SECOND,
                })
              : null;
            const ofSite = await load(site.url, request, tokens);
            const ofExpress = await load(express.url, request);
            if (writing) {
              const written = await writing;
              noteFailures(`writes beside ${name}${loggedIn ? ' (logged in)' : ''}`, written);
              notes.push(
                `${name}${loggedIn ? ' (logged in)' : ''}: the writes ran at ${formatNumber(written.requestsPerSecond)} req/s (p99 ${formatNumber(written.p99Ms)} ms)`,
              );
            }
            const label = `${name}${loggedIn ? ' (logged in)' : ' (anonymous)'}${underWrites ? `, ${WRITES_PER_SECOND} writes/s` : ', quiet'}`;
            figures.push(
              {
                name: `${label}: req/s`,
                value: ofSite.requestsPerSecond,
                unit: 'req/s',
                baseline: { name: 'express', value: ofExpress.requestsPerSecond },
              },
              { name: `${label}: p99`, value: ofSite.p99Ms, unit: 'ms', baseline: { name: 'express', value: ofExpress.p99Ms } },
            );
            summary.push({
              path: `${request.method} ${request.path.replace(/\/\d{6,}/g, '/{id}')}, ${label}`,
              measured:
                `${formatNumber(ofSite.requestsPerSecond)} req/s = ${formatNumber(ofSite.requestsPerSecond / ofExpress.requestsPerSecond)}x express, ` +
                `p50 ${formatNumber(ofSite.p50Ms)} ms, p99 ${formatNumber(ofSite.p99Ms)} ms`,
              target: TARGET,
            });
          }
        }
      }
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
