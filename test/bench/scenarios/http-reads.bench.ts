import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstSearchPager } from '@app/contracts';
import { startListeningChild } from '../support/children';
import type { CapturedResponse } from '../support/floor-server';
import { runLoad, type LoadRequest, type LoadResult } from '../support/load';
import { formatNumber, type Figure, type SummaryLine } from '../support/report';
import type { Scenario } from '../support/scenario';
import { addComment, createArticle, createQuestion, likeArticle, signUpMany, startBenchSite } from '../support/site';

const CONNECTIONS = 50;
const POSTS_OF_EACH_KIND = 40;

const TARGETS: Record<string, string> = {
  home: '>= 0.80x express, p99 <= 20 ms',
  article: '>= 0.80x express, p99 <= 20 ms',
};

/** Captures the site's answer to a request: the bytes and content type the floor servers send back. */
export async function capture(siteUrl: string, request: LoadRequest, token?: string): Promise<CapturedResponse> {
  const response = await fetch(`${siteUrl}${request.path}`, {
    method: request.method,
    headers: {
      'content-type': 'application/json',
      'accept-encoding': 'identity',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200)
    throw new Error(`${request.method} ${request.path}: ${response.status} ${bytes.toString('utf8').slice(0, 300)}`);
  return {
    method: request.method,
    path: request.path,
    contentType: response.headers.get('content-type') ?? 'application/json',
    body: bytes.toString('base64'),
  };
}

export const httpReadsScenario: Scenario = {
  id: 'reads',
  title: 'HTTP reads against a bare express app and node:http sending the same bytes',
  async run({ quick }) {
    const seconds = quick ? 1 : 10;
    const site = await startBenchSite('reads');
    const work = mkdtempSync(join(tmpdir(), 'bench-reads-'));
    const floors: { stop(): Promise<void> }[] = [];
    try {
      const [author, ...readers] = await signUpMany(site.url, 6, 'Reader');
      const articles: number[] = [];
      for (let n = 0; n < POSTS_OF_EACH_KIND; n += 1) articles.push(await createArticle(site.url, author, n));
      const questions: number[] = [];
      for (let n = 0; n < POSTS_OF_EACH_KIND; n += 1) questions.push(await createQuestion(site.url, readers[n % readers.length], n));
      const article = articles[articles.length - 1];
      for (let n = 0; n < 20; n += 1) await addComment(site.url, readers[n % readers.length], article, n);
      for (const reader of readers) await likeArticle(site.url, reader, article);

      const reads: { name: string; request: LoadRequest }[] = [
        { name: 'home', request: { method: 'GET', path: '/api/Home/' } },
        { name: 'article', request: { method: 'GET', path: `/api/Article/${article}` } },
        { name: 'question', request: { method: 'GET', path: `/api/Question/${questions[questions.length - 1]}` } },
        { name: 'comment page', request: { method: 'GET', path: `/api/Article/Comments/${article}/-1/10/true` } },
        {
          name: 'search',
          request: {
            method: 'POST',
            path: '/api/Search',
            body: {
              searchString: 'generics',
              categoryId: -1,
              entityType: 100,
              orderByAsc: false,
              Tags: [],
              pager: firstSearchPager(false),
            },
          },
        },
      ];
      const captured = await Promise.all(reads.map(({ request }) => capture(site.url, request)));
      const capturedFile = join(work, 'captured.json');
      writeFileSync(capturedFile, JSON.stringify(captured));
      const express = await startListeningChild(join(__dirname, '..', 'support', 'floor-server.ts'), ['express', capturedFile]);
      floors.push(express);
      const http = await startListeningChild(join(__dirname, '..', 'support', 'floor-server.ts'), ['http', capturedFile]);
      floors.push(http);

      const figures: Figure[] = [];
      const summary: SummaryLine[] = [];
      const notes: string[] = [];
      const load = async (url: string, request: LoadRequest): Promise<LoadResult> => {
        const result = await runLoad({ url, connections: CONNECTIONS, seconds, requests: [request] });
        if (result.failures > 0)
          notes.push(
            `${request.method} ${request.path} on ${url}: ${result.failures} of ${result.requests} answers failed (${result.failureKinds})`,
          );
        return result;
      };
      for (const [index, { name, request }] of reads.entries()) {
        if (!quick) await load(site.url, request); // warm-up: JIT and caches, not measured
        const ofSite = await load(site.url, request);
        const ofExpress = await load(express.url, request);
        const ofHttp = await load(http.url, request);
        const label = `${request.method} ${request.path.replace(/\/\d{6,}/g, '/{id}')}`;
        figures.push(
          {
            name: `${name}: req/s`,
            value: ofSite.requestsPerSecond,
            unit: 'req/s',
            baseline: { name: 'express', value: ofExpress.requestsPerSecond },
          },
          {
            name: `${name}: req/s`,
            value: ofSite.requestsPerSecond,
            unit: 'req/s',
            baseline: { name: 'node:http', value: ofHttp.requestsPerSecond },
          },
          { name: `${name}: p50`, value: ofSite.p50Ms, unit: 'ms', baseline: { name: 'express', value: ofExpress.p50Ms } },
          { name: `${name}: p99`, value: ofSite.p99Ms, unit: 'ms', baseline: { name: 'express', value: ofExpress.p99Ms } },
        );
        summary.push({
          path: `${label} (${Buffer.from(captured[index].body, 'base64').length} bytes)`,
          measured:
            `${formatNumber(ofSite.requestsPerSecond)} req/s = ${formatNumber(ofSite.requestsPerSecond / ofExpress.requestsPerSecond)}x express ` +
            `(${formatNumber(ofSite.requestsPerSecond / ofHttp.requestsPerSecond)}x node:http), p50 ${formatNumber(ofSite.p50Ms)} ms, p99 ${formatNumber(ofSite.p99Ms)} ms`,
          target: TARGETS[name] ?? '',
        });
      }
      notes.unshift(
        `The built site (dist/, NODE_ENV=production, embedded SQLite engines, its own DATA_DIR), seeded through the API: ` +
          `${POSTS_OF_EACH_KIND} published articles and ${POSTS_OF_EACH_KIND} questions, 20 comments and 5 likes on the article read.`,
        `autocannon in its own process, ${CONNECTIONS} connections, no pipelining, ${seconds} s per run${quick ? '' : ' after a warm-up run'}; ` +
          'anonymous GETs without If-None-Match (every answer a full 200).',
        'The floors (express 5 and node:http, each in its own process) answer the same path with the bytes and content type the site sent ' +
          '(captured with Accept-Encoding: identity) and nothing else: no helmet headers, no JSON work, no database.',
      );
      return { figures, summary, notes };
    } finally {
      for (const floor of floors) await floor.stop();
      await site.stop();
      rmSync(work, { recursive: true, force: true });
    }
  },
};
