import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callSite } from '../../support/site-api';
import { startListeningChild } from '../support/children';
import type { CapturedResponse } from '../support/floor-server';
import { runLoad, type LoadRequest } from '../support/load';
import { formatNumber, type Figure, type SummaryLine } from '../support/report';
import { loadSeconds, type Scenario } from '../support/scenario';
import { createArticle, signUpMany, startBenchSite, uniqueArticleBody, uniqueCommentBody } from '../support/site';

const CONNECTION_COUNTS = [16, 64];

const COMMAND_TARGET = '>= 1,500 req/s, p99 <= 50 ms, read-your-writes kept';

export const commandsScenario: Scenario = {
  id: 'commands',
  title: 'POST commands (create article, comment, like) at 16 and 64 connections',
  async run(context) {
    const seconds = loadSeconds(context, 1, 10);
    const accountsNeeded = Math.max(...CONNECTION_COUNTS);
    const site = await startBenchSite('commands');
    const work = mkdtempSync(join(tmpdir(), 'bench-commands-'));
    let floor: { url: string; stop(): Promise<void> } | undefined;
    try {
      const accounts = await signUpMany(site.url, accountsNeeded, 'Writer');
      const tokens = accounts.map((account) => account.token);
      // A fresh article per run, so every like of a run lands on a stream it starts (no like stands from an earlier run).
      const commands: { name: string; requests: (articleId: number) => LoadRequest[] }[] = [
        {
          name: 'POST /api/Article',
          requests: () => [{ method: 'POST', path: '/api/Article', body: uniqueArticleBody() }],
        },
        {
          name: 'POST /api/ArticleComment',
          requests: (articleId) => [{ method: 'POST', path: '/api/ArticleComment', body: uniqueCommentBody(articleId) }],
        },
        {
          name: 'PUT /api/Article/Like (like, unlike, ...)',
          requests: (articleId) => [
            { method: 'PUT', path: '/api/Article/Like', body: { id: articleId, isLiked: true } },
            { method: 'PUT', path: '/api/Article/Like', body: { id: articleId, isLiked: false } },
          ],
        },
      ];

      // The HTTP floor for a command: express answering the same path with the bytes the site answered.
      const sample = await createArticle(site.url, accounts[0], 0);
      const captured: CapturedResponse[] = [];
      for (const command of commands) {
        const request = command.requests(sample)[0];
        const answer = await callSite<unknown>(site.url, request.method, request.path, {
          token: accounts[0].token,
          body: request.body,
        });
        captured.push({
          method: request.method,
          path: request.path,
          contentType: 'application/json; charset=utf-8',
          body: Buffer.from(JSON.stringify({ success: true, result: answer, errorMessage: null })).toString('base64'),
        });
      }
      const capturedFile = join(work, 'captured.json');
      writeFileSync(
        capturedFile,
        JSON.stringify(captured.map((answer) => ({ ...answer, method: answer.method === 'PUT' ? 'POST' : answer.method }))),
      );
      floor = await startListeningChild(join(__dirname, '..', 'support', 'floor-server.ts'), ['express', capturedFile]);

      const figures: Figure[] = [];
      const summary: SummaryLine[] = [];
      const notes: string[] = [];
      for (const command of commands) {
        const throughput: Record<number, number> = {};
        for (const connections of CONNECTION_COUNTS) {
          const articleId = await createArticle(site.url, accounts[0], connections);
          const requests = command.requests(articleId);
          const result = await runLoad({ url: site.url, connections, seconds, requests, tokens });
          const floorRequests = requests.map((request) => ({ ...request, method: 'POST' as const }));
          const ofFloor = await runLoad({ url: floor.url, connections, seconds, requests: floorRequests.slice(0, 1), tokens });
          throughput[connections] = result.requestsPerSecond;
          if (result.failures > 0)
            notes.push(
              `${command.name} at ${connections} connections: ${result.failures} of ${result.requests} answers failed (${result.failureKinds})`,
            );
          figures.push(
            {
              name: `${command.name}, ${connections} conn.: req/s`,
              value: result.requestsPerSecond,
              unit: 'req/s',
              baseline: { name: 'express, same bytes', value: ofFloor.requestsPerSecond },
            },
            {
              name: `${command.name}, ${connections} conn.: p50`,
              value: result.p50Ms,
              unit: 'ms',
              baseline: { name: 'express, same bytes', value: ofFloor.p50Ms },
            },
            {
              name: `${command.name}, ${connections} conn.: p99`,
              value: result.p99Ms,
              unit: 'ms',
              baseline: { name: 'express, same bytes', value: ofFloor.p99Ms },
            },
          );
          summary.push({
            path: `${command.name}, ${connections} connections`,
            measured: `${formatNumber(result.requestsPerSecond)} req/s, p50 ${formatNumber(result.p50Ms)} ms, p99 ${formatNumber(result.p99Ms)} ms`,
            target: command.name === 'POST /api/Article' && connections === 16 ? COMMAND_TARGET : '',
          });
        }
        const [few, many] = CONNECTION_COUNTS;
        figures.push({
          name: `${command.name}: req/s at ${many} conn.`,
          value: throughput[many],
          unit: 'req/s',
          baseline: { name: `at ${few} conn.`, value: throughput[few] },
        });
      }
      notes.unshift(
        `The built site (dist/, NODE_ENV=production, embedded), RATE_LIMITS=off; ${accountsNeeded} accounts signed up through the API, ` +
          'one per connection (a like is per item and user: one account per connection keeps connections from contending on one stream).',
        `autocannon in its own process, no pipelining, ${seconds} s per run. Every command answers after read-your-writes (its read models settled).`,
        'Baseline: express in its own process answering the same path with the bytes the site answered (the HTTP floor of a command, no work).',
      );
      return { figures, summary, notes };
    } finally {
      await floor?.stop();
      await site.stop();
      rmSync(work, { recursive: true, force: true });
    }
  },
};
