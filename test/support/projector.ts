import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const MAIN = join(__dirname, '..', '..', 'dist', 'apps', 'api', 'main.js');
const READY_TIMEOUT_MS = 60_000; // a loaded machine (or --cpu-prof) slows the start

/** A projector (SITE_ROLE=projector, the built entry point), resolved once it runs. */
export interface RunningProjector {
  pid: number;
  /** Its own health check (HEALTH_PORT=0: a free port, read from its log). */
  healthUrl: string;
  output(): string;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** Starts the built site as a projector with `env` (DATA_DIR at least), abuse limits off, its health check on a free port. */
export async function startProjector(env: Record<string, string>): Promise<RunningProjector> {
  const child: ChildProcess = spawn(process.execPath, [MAIN], {
    env: { ...process.env, NO_COLOR: '1', RATE_LIMITS: 'off', ...env, SITE_ROLE: 'projector', HEALTH_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-64 * 1024));
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!output.includes('Projector running')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The projector did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const healthPort = /Projector health on port (\d+)/.exec(output)?.[1];
  if (!healthPort) throw new Error(`The projector did not say where its health check is:\n${output}`);
  return {
    pid: child.pid!,
    healthUrl: `http://127.0.0.1:${healthPort}/health`,
    output: () => output,
    kill: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
