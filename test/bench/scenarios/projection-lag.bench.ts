import { EVENT_STORE } from '@app/api';
import type { EventStore } from '@app/event-store';
import { ProjectionRunner } from '@app/projections';
import { startInProcessSite } from '../support/in-process-site';
import { runLoad } from '../support/load';
import { formatNumber, percentile, type Figure } from '../support/report';
import type { Scenario } from '../support/scenario';
import { createArticle, signUpMany } from '../support/site';

const RATE = 100;
const CONNECTIONS = 10;
const POLL_MS = 2;

export const projectionLagScenario: Scenario = {
  id: 'lag',
  title: `Projection lag at a steady ${RATE} commands/s`,
  async run({ quick }) {
    const seconds = quick ? 5 : 30;
    const site = await startInProcessSite();
    let poller: NodeJS.Timeout | undefined;
    try {
      const accounts = await signUpMany(site.url, CONNECTIONS, 'Commenter');
      const articleId = await createArticle(site.url, accounts[0], 0);
      const store = site.app.get<EventStore>(EVENT_STORE);
      const runner = site.app.get(ProjectionRunner);

      // Every event appended from now on, and for each projection the events its checkpoint has not passed yet.
      let after = await store.headPosition();
      const waiting = new Map<string, { position: bigint; recordedAt: number }[]>(runner.status().map((status) => [status.name, []]));
      const lags = new Map<string, number[]>([...waiting.keys()].map((name) => [name, []]));
      let busy = false;
      const tick = async () => {
        if (busy) return;
        busy = true;
        try {
          for (;;) {
            const page = await store.readAll({ after, maxCount: 1_000 });
            if (page.length === 0) break;
            for (const event of page) for (const queue of waiting.values()) queue.push({ position: event.position, recordedAt: event.recordedAt.getTime() });
            after = page[page.length - 1].position;
          }
          const now = Date.now();
          for (const status of runner.status()) {
            const queue = waiting.get(status.name);
            if (!queue || status.checkpoint === null) continue;
            let passed = 0;
            while (passed < queue.length && queue[passed].position <= status.checkpoint) lags.get(status.name)!.push(now - queue[passed++].recordedAt);
            queue.splice(0, passed);
          }
        } finally {
          busy = false;
        }
      };
      poller = setInterval(() => void tick(), POLL_MS);

      const load = await runLoad({
        url: site.url,
        connections: CONNECTIONS,
        seconds,
        overallRate: RATE,
        tokens: accounts.map((account) => account.token),
        requests: [
          { method: 'POST', path: '/api/ArticleComment', body: { articleID: articleId, parentId: -1, content: '<p>Thanks, this helped.</p>', attachedFiles: [] } },
          { method: 'PUT', path: '/api/Article/Like', body: { id: articleId, isLiked: true } },
          { method: 'PUT', path: '/api/Article/Like', body: { id: articleId, isLiked: false } },
        ],
      });
      const drainedBy = Date.now() + 10_000;
      while ([...waiting.values()].some((queue) => queue.length > 0) && Date.now() < drainedBy) await new Promise((resolve) => setTimeout(resolve, 20));
      clearInterval(poller);
      poller = undefined;

      const figures: Figure[] = [];
      const all: number[] = [];
      const behind: string[] = [];
      for (const [name, samples] of lags) {
        if (waiting.get(name)!.length > 0) behind.push(`${name} (${waiting.get(name)!.length} events)`);
        if (samples.length === 0) continue;
        all.push(...samples);
        figures.push(
          { name: `${name}: lag p50`, value: percentile(samples, 0.5), unit: 'ms', baseline: { name: 'command answer p50', value: load.p50Ms } },
          { name: `${name}: lag p99`, value: percentile(samples, 0.99), unit: 'ms', baseline: { name: 'command answer p99', value: load.p99Ms } },
        );
      }
      const events = all.length / Math.max(1, lags.size);
      return {
        figures,
        summary: [
          {
            path: `projection lag at ${RATE} commands/s (${formatNumber(load.requestsPerSecond)} achieved)`,
            measured: `p50 ${formatNumber(percentile(all, 0.5))} ms, p99 ${formatNumber(percentile(all, 0.99))} ms over every projection (commands answered p50 ${formatNumber(load.p50Ms)} ms, p99 ${formatNumber(load.p99Ms)} ms)`,
            target: '',
          },
        ],
        notes: [
          `Lag = from the append (the event's recordedAt, the store's clock at commit) to the moment the projection's checkpoint ` +
            `(ProjectionRunner.status(), read in the site's own process every ${POLL_MS} ms) has passed the event's position; ` +
            `so it is rounded up by up to ${POLL_MS} ms plus the millisecond of recordedAt.`,
          `Load: autocannon in its own process, ${CONNECTIONS} connections (one account each), a steady ${RATE} requests/s over all for ${seconds} s, ` +
            `cycling comment, like, unlike (${load.requests} commands, ${formatNumber(events)} events); the site in the harness's process ` +
            '(embedded, NODE_ENV=production, RATE_LIMITS=off) so its runner can be watched.',
          ...(load.failures > 0 ? [`${load.failures} of ${load.requests} commands failed (${load.failureKinds}).`] : []),
          ...(behind.length > 0 ? [`Still behind 10 s after the load: ${behind.join(', ')} (not counted).`] : []),
        ],
      };
    } finally {
      if (poller) clearInterval(poller);
      await site.stop();
    }
  },
};
