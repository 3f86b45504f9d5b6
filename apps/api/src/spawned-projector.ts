import { fork, type ChildProcess } from 'node:child_process';
import type { CheckpointChannel } from '@app/projections';
import { CHECKPOINTS_MOVED } from './infrastructure/checkpoint-channels';

/** The message the spawned projector sends once it runs. */
export const PROJECTOR_READY = 'projector-ready';
const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 10_000;
const FIRST_RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** A projector that ran this long before dying restarts after the first delay again. */
const STEADY_MS = 60_000;

export interface SpawnedProjectorLogger {
  log(message: string): void;
  error(message: string): void;
}

/**
 * `npm start`: the projections, the search writer, the reactors and the embedded mail consumer run
 * in a projector process (SITE_ROLE=projector, this same entry point) that the API process spawns
 * beside itself, each on its own core. It is also the API's checkpoint channel: the projector sends
 * a message over their IPC channel whenever its checkpoints moved, and a command waiting for
 * read-your-writes looks again at once. It learns of the API's appends by watching the event log's
 * WAL (see `watchAppends`). It stops with this process (closing the channel stops it; if this
 * process dies, the IPC channel closes and the projector stops itself), and when it dies it is
 * started again, with a backoff, loudly; commands meanwhile answer stale after their wait.
 */
export class SpawnedProjector implements CheckpointChannel {
  private child?: ChildProcess;
  private readonly listeners = new Set<() => void>();
  private stopping = false;
  private restartDelay = FIRST_RESTART_DELAY_MS;
  private restartTimer?: NodeJS.Timeout;

  constructor(
    private readonly entryPoint: string,
    private readonly logger: SpawnedProjectorLogger,
  ) {}

  /** Spawns the projector and resolves once it runs; rejects if it exits first. */
  start(): Promise<void> {
    const env: NodeJS.ProcessEnv = { ...process.env, SITE_ROLE: 'projector', SITE_PROJECTOR_IPC: '1' };
    delete env.HEALTH_PORT; // the API answers the health check
    const child = fork(this.entryPoint, [], { env, stdio: 'inherit' });
    this.child = child;
    const startedAt = Date.now();
    child.on('message', (message) => {
      if (message === CHECKPOINTS_MOVED) this.listeners.forEach((listener) => listener());
    });
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('The projector process did not start in time')), READY_TIMEOUT_MS);
      child.on('message', (message) => {
        if (message !== PROJECTOR_READY) return;
        clearTimeout(timer);
        resolve();
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`The projector process exited while starting (${signal ?? `code ${code}`})`));
      });
    });
    child.once('exit', (code, signal) => {
      if (this.stopping || this.child !== child) return;
      if (Date.now() - startedAt >= STEADY_MS) this.restartDelay = FIRST_RESTART_DELAY_MS;
      this.logger.error(
        `The projector process (pid ${child.pid}) exited (${signal ?? `code ${code}`}): projections stand still, commands answer stale; restarting it in ${this.restartDelay} ms`,
      );
      this.restartLater();
    });
    return ready;
  }

  private restartLater(): void {
    const delay = this.restartDelay;
    this.restartDelay = Math.min(delay * 2, MAX_RESTART_DELAY_MS);
    this.restartTimer = setTimeout(() => {
      this.start().then(
        () => this.logger.log(`The projector process runs again (pid ${this.child?.pid})`),
        (error: unknown) => this.logger.error(`Restarting the projector process failed: ${String(error)}`),
      );
    }, delay);
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  publish(): void {}

  subscribe(onMoved: () => void): () => void {
    this.listeners.add(onMoved);
    return () => this.listeners.delete(onMoved);
  }

  /** Stops the projector (SIGTERM: it closes its stores; SIGKILL after STOP_TIMEOUT_MS). */
  async close(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }
}
