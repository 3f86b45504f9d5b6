import IORedis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createMailTransport, SEND_MAIL, sendMailJobHandlerWithVault, type SendMailJob } from '@app/mail';
import { PersonalDataVault, SqliteKeyStore } from '@app/personal-data';
import { createJobQueue } from '@app/queue';
import { ROOT } from '../support/children';
import { formatNumber, percentile, type Figure } from '../support/report';
import type { Scenario } from '../support/scenario';

const WORKER = join(ROOT, 'dist', 'apps', 'worker', 'main.js');
const CONCURRENCY = 5; // the worker's (apps/worker/src/main.ts)

/** Runs `work` over the items, `concurrency` at a time; resolves with the wall time in ms. */
async function drain<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<number> {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
  return performance.now() - started;
}

export const mailScenario: Scenario = {
  id: 'mail',
  title: 'Mail: BullMQ enqueue cost and the worker drain rate',
  async run({ quick, redisUrl }) {
    if (!redisUrl) throw new Error('no Redis: set TEST_REDIS_URL (or REDIS_URL)');
    const jobs = quick ? 300 : 3_000;
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-mail-'));
    const keyStore = SqliteKeyStore.open(dataDir);
    const vault = new PersonalDataVault(keyStore);
    const queue = createJobQueue({ dataDir, redisUrl });
    const redis = new IORedis(redisUrl);
    let worker: ReturnType<typeof spawn> | undefined;
    try {
      const accountId = randomUUID();
      const message = { to: 'reader@example.com', subject: 'New comment on your article', text: 'Someone commented on "Generics".' };
      const payloads: SendMailJob[] = [];
      for (let n = 0; n < jobs * 2; n += 1) payloads.push({ accountId, sealed: await vault.seal(accountId, message) });

      // Enqueue cost, one at a time, beside a bare Redis round trip (PING) on a connection of its own.
      const before = await queue.stats();
      const enqueue: number[] = [];
      for (const data of payloads.slice(0, jobs)) {
        const started = performance.now();
        await queue.enqueue({ id: randomUUID(), name: SEND_MAIL, data });
        enqueue.push(performance.now() - started);
      }
      const ping: number[] = [];
      for (let n = 0; n < jobs; n += 1) {
        const started = performance.now();
        await redis.ping();
        ping.push(performance.now() - started);
      }

      // Drain: the built worker (dist/apps/worker) in its own process, file transport, on the jobs just queued.
      worker = spawn(process.execPath, [WORKER], {
        env: { ...process.env, REDIS_URL: redisUrl, DATA_DIR: dataDir, NO_COLOR: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const consuming = new Promise<number>((resolve, reject) => {
        const onData = (chunk: Buffer) => {
          output += chunk.toString('utf8');
          if (output.includes('Consuming')) resolve(performance.now());
        };
        worker!.stdout!.on('data', onData);
        worker!.stderr!.on('data', onData);
        worker!.once('exit', (code) => reject(new Error(`the worker exited (${code}): ${output.slice(-1000)}`)));
      });
      const consumingSince = await consuming;
      const deadline = Date.now() + 120_000;
      let done = 0;
      while (done < jobs && Date.now() < deadline) {
        const stats = await queue.stats();
        done = stats.completed + stats.failed - before.completed - before.failed;
        if (done < jobs) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const drainedMs = performance.now() - consumingSince;
      if (done < jobs) throw new Error(`the worker completed ${done} of ${jobs} jobs in 120 s`);
      const failed = (await queue.stats()).failed - before.failed;

      // Baseline: the same handler (vault open + file transport) called directly, as many at a time, no queue.
      const transport = createMailTransport({
        dataDir: join(dataDir, 'direct'),
        from: 'bench@example.com',
        logger: { log: () => undefined },
      });
      const handler = sendMailJobHandlerWithVault(transport, vault);
      const directMs = await drain(payloads.slice(jobs), CONCURRENCY, (data) => handler(data));
      await transport.close();

      const figures: Figure[] = [
        {
          name: 'enqueue p50',
          value: percentile(enqueue, 0.5),
          unit: 'ms',
          baseline: { name: 'Redis PING', value: percentile(ping, 0.5) },
        },
        {
          name: 'enqueue p99',
          value: percentile(enqueue, 0.99),
          unit: 'ms',
          baseline: { name: 'Redis PING', value: percentile(ping, 0.99) },
        },
        {
          name: 'worker drain',
          value: jobs / (drainedMs / 1000),
          unit: 'jobs/s',
          baseline: { name: 'handler without queue', value: jobs / (directMs / 1000) },
        },
      ];
      return {
        figures,
        summary: [
          {
            path: 'mail',
            measured: `enqueue p50 ${formatNumber(percentile(enqueue, 0.5))} ms (${formatNumber(percentile(enqueue, 0.5) / percentile(ping, 0.5))}x a Redis PING); worker drains ${formatNumber(jobs / (drainedMs / 1000))} jobs/s`,
            target: '',
          },
        ],
        notes: [
          `${jobs.toLocaleString('en')} send-mail jobs (sealed as the reactors seal them) on the Redis at TEST_REDIS_URL/REDIS_URL, enqueued one at a time through BullMqJobQueue.`,
          `Drain: the built worker (dist/apps/worker/main.js, concurrency ${CONCURRENCY}, file mail transport) started after the jobs were queued; ` +
            `from its "Consuming" log line until every job completed (polled every 20 ms)${failed > 0 ? `; ${failed} failed` : ''}.`,
          `Baseline: the same send-mail handler (vault open, .eml file written) called directly, ${CONCURRENCY} at a time, no queue.`,
        ],
      };
    } finally {
      if (worker && worker.exitCode === null) {
        const exited = new Promise((resolve) => worker!.once('exit', resolve));
        worker.kill('SIGTERM');
        await exited;
      }
      redis.disconnect();
      await queue.close();
      await keyStore.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
