import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT } from '../support/children';
import { formatNumber, percentile, type Figure } from '../support/report';
import type { Scenario } from '../support/scenario';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

/** Milliseconds from spawning `command` until GET /api/Home answers 200; the process group is then ended. */
async function msToFirstAnswer(command: string, args: string[]): Promise<number> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'));
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: ROOT,
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
  });
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited with ${child.exitCode}`);
      const answered = await fetch(`http://127.0.0.1:${port}/api/Home`).then(
        (response) => response.ok,
        () => false,
      );
      if (answered) return performance.now() - started;
      if (performance.now() - started > 120_000) throw new Error(`${command} ${args.join(' ')} did not answer in 2 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function medianOf(runs: number, measure: () => Promise<number>): Promise<number> {
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) samples.push(await measure());
  return percentile(samples, 0.5);
}

export const startScenario: Scenario = {
  id: 'start',
  title: '`npm start` on an already built tree',
  async run({ quick }) {
    const runs = quick ? 1 : 5;
    const server = await medianOf(runs, () => msToFirstAnswer(process.execPath, [join(ROOT, 'dist', 'apps', 'api', 'main.js')]));
    const npmStart = await medianOf(runs, () => msToFirstAnswer('npm', ['start']));
    const figures: Figure[] = [
      { name: '`npm start` to the first answer', value: npmStart, unit: 'ms', baseline: { name: 'the built server alone', value: server } },
    ];
    return {
      figures,
      summary: [
        {
          path: '`npm start` on an already built tree',
          measured: `${formatNumber(npmStart / 1000)} s to the first answer (the built server alone: ${formatNumber(server / 1000)} s)`,
          target: '< 3 s when nothing changed',
        },
      ],
      notes: [
        `Median of ${runs} start${runs > 1 ? 's' : ''} on an empty DATA_DIR, until GET /api/Home answers 200; the run has built the tree first, ` +
          'so `npm start` hashes the sources (tools/build-if-changed.ts), skips both builds and starts the server.',
      ],
    };
  },
};
