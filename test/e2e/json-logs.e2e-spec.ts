import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../support/eventually';

const MAIN = join(__dirname, '..', '..', 'dist', 'apps', 'api', 'main.js');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

interface RunningSite {
  url: string;
  /** Every stdout line so far, each parsed as JSON (a line that is not JSON fails the test). */
  lines(): Record<string, unknown>[];
  stop(): Promise<void>;
}

/** The built site as production runs it (npm start), with its stdout kept. */
async function startSite(env: Record<string, string>): Promise<RunningSite> {
  const dataDir = mkdtempSync(join(tmpdir(), 'devcommunity-logs-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [MAIN], {
    env: { ...process.env, ...env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const url = `http://127.0.0.1:${port}`;
  await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`The site exited: ${stderr}`);
      return fetch(`${url}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
    },
    'the site to answer',
    30_000,
  );
  return {
    url,
    lines: () =>
      stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Issue 13: the running site writes JSON lines only, one per request, at the configured LOG_LEVEL. */
describe('JSON logs of the running site', () => {
  it('logs start-up and each request once as JSON, with the request id the response echoes', async () => {
    const site = await startSite({ LOG_LEVEL: 'info' });
    try {
      const response = await fetch(`${site.url}/api/Article/424242?secret=jane@example.com`, { headers: { 'X-Request-Id': 'log-e2e-1' } });
      expect(response.status).toBe(404);
      expect(response.headers.get('x-request-id')).toBe('log-e2e-1');
      await eventually(async () => Promise.resolve(site.lines().some((line) => line.requestId === 'log-e2e-1')), 'the request line');

      const lines = site.lines();
      expect(lines.find((line) => line.context === 'Site')).toMatchObject({ level: 'info', msg: expect.stringMatching(/^Listening on /) });
      const requestLines = lines.filter((line) => line.msg === 'request' && line.requestId === 'log-e2e-1');
      expect(requestLines).toEqual([
        {
          level: 'info',
          time: expect.any(String),
          pid: expect.any(Number),
          requestId: 'log-e2e-1',
          method: 'GET',
          route: '/api/Article/:id',
          status: 404,
          durationMs: expect.any(Number),
          msg: 'request',
        },
      ]);
      expect(JSON.stringify(lines)).not.toContain('jane@example.com');
    } finally {
      await site.stop();
    }
  });

  it('writes nothing below LOG_LEVEL', async () => {
    const site = await startSite({ LOG_LEVEL: 'warn' });
    try {
      expect((await fetch(`${site.url}/api/Category`)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(site.lines().filter((line) => line.level === 'info')).toEqual([]);
    } finally {
      await site.stop();
    }
  });
});
