import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MAIN = join(__dirname, '..', '..', 'dist', 'apps', 'api', 'main.js');
const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;
const OUTPUT_LIMIT = 64 * 1024;

export interface RunningServer {
  /** Base URL, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  dataDir: string;
  pid: number;
  /** The server's recent stderr, for diagnostics. */
  stderr(): string;
  /** Stops the server and removes its data dir (unless the caller gave it). */
  stop(): Promise<void>;
  /** Kills the server at once (SIGKILL: a power cut for the process) and keeps its data dir. */
  crash(): Promise<void>;
}

/**
 * Starts the built site (`npm run build` -> dist/apps/api/main.js) as its own process in embedded
 * mode on a free port and a fresh data dir (or `dataDir`, e.g. to restart on one), and resolves
 * once GET /api/health answers 200. Abuse limits are off unless `env` sets RATE_LIMITS.
 */
export async function startServer(
  options: { env?: Record<string, string>; dataDir?: string; host?: 'localhost' } = {},
): Promise<RunningServer> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first`);
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'devcommunity-browser-'));
  try {
    // A port found free can be taken before the server binds it: retry on EADDRINUSE.
    for (let attempt = 1; ; attempt++) {
      try {
        return await launch(dataDir, options.env ?? {}, ownsDataDir, options.host);
      } catch (error) {
        if (!(error instanceof PortTakenError) || attempt === 3) throw error;
      }
    }
  } catch (error) {
    if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

class PortTakenError extends Error {}

/** `host: 'localhost'`: the site as reached by that name (passkeys need a domain: an IP address is no WebAuthn RP ID). */
async function launch(dataDir: string, env: Record<string, string>, ownsDataDir: boolean, host = '127.0.0.1'): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://${host}:${port}`;
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, NO_COLOR: '1', PUBLIC_URL: url, RATE_LIMITS: 'off', ...env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-OUTPUT_LIMIT);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  try {
    await waitUntilHealthy(url, exited, () => stderr);
  } catch (error) {
    await kill(child, exited);
    throw error;
  }

  let stopped: Promise<void> | undefined;
  return {
    url,
    dataDir,
    pid: child.pid!,
    stderr: () => stderr,
    stop: () =>
      (stopped ??= kill(child, exited).then(() => {
        if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
      })),
    crash: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      return (stopped ??= exited.then(() => undefined));
    },
  };
}

async function waitUntilHealthy(url: string, exited: Promise<number | null>, stderr: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      const output = stderr();
      if (output.includes('EADDRINUSE')) throw new PortTakenError(output);
      throw new Error(`The server exited (code ${exitCode}) before it was healthy:\n${output}`);
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not answer GET /api/health within ${READY_TIMEOUT_MS / 1000} s:\n${stderr()}`);
}

async function kill(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('No free port'))));
    });
  });
}
