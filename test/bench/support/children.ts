import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

export const ROOT = join(__dirname, '..', '..', '..');
export const CLI = join(ROOT, 'dist', 'apps', 'cli', 'main.js');

export interface ChildRun {
  status: number | null;
  stdout: string;
  stderr: string;
  wallMs: number;
  /** The child's peak resident set (VmHWM), in MB, read from /proc while it ran. */
  peakRssMb: number;
}

/** Peak resident set of a running process, in kB (0 once it is gone). */
function peakRssKb(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/**
 * Runs a node script in its own process (TypeScript through @swc-node/register), collecting its
 * output, wall time and peak RSS. VmHWM only grows, so polling it every 20 ms misses at most the
 * last 20 ms of the child's life.
 */
export function runNode(
  script: string,
  args: readonly string[],
  options: { env?: Record<string, string | undefined>; timeoutMs?: number } = {},
): Promise<ChildRun> {
  const execArgv = script.endsWith('.ts') ? ['-r', '@swc-node/register'] : [];
  const child = spawn(process.execPath, [...execArgv, script, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const started = performance.now();
  let stdout = '';
  let stderr = '';
  let peakKb = 0;
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-64 * 1024)));
  const poll = setInterval(() => (peakKb = Math.max(peakKb, peakRssKb(child.pid!))), 20);
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 30 * 60_000);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (status) => {
      clearInterval(poll);
      clearTimeout(timer);
      resolve({ status, stdout, stderr, wallMs: performance.now() - started, peakRssMb: peakKb / 1024 });
    });
  });
}

export interface ListeningChild {
  url: string;
  stop(): Promise<void>;
}

/** Starts a long-running node script that prints `listening <port>` once it serves; stop() ends it. */
export function startListeningChild(script: string, args: readonly string[]): Promise<ListeningChild> {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', script, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  return new Promise((resolve, reject) => {
    let stdout = '';
    child.once('error', reject);
    void exited.then(() => reject(new Error(`${script} exited before listening: ${stderr.slice(-2000)}`)));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const match = /listening (\d+)/.exec(stdout);
      if (match)
        resolve({
          url: `http://127.0.0.1:${match[1]}`,
          stop: () => {
            child.kill('SIGTERM');
            return exited;
          },
        });
    });
  });
}
