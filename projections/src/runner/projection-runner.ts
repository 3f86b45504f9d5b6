import type { EventStore, Subscription } from '@app/event-store';
import type { ReadStore } from '@app/read-store';
import type { Projection } from '../projection';
import { createProjectionTargets, type ProjectionTarget, type SearchTargetConfig } from './projection-target';
import { Signal } from './signal';

/** Where the runner reports; each app passes its own (the API passes Nest's logger). */
export interface ProjectionLogger {
  log(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface ProjectionRunnerOptions {
  /** Defaults to the console. */
  logger?: ProjectionLogger;
  batchSize?: number;
  /** Fallback poll, for events that arrive without a subscription wake-up. */
  idlePollMs?: number;
  /** First retry delay after a failing batch; doubles up to 30 s. */
  retryDelayMs?: number;
  /** The search projection and the SearchIndex that holds its documents and checkpoint. */
  search?: SearchTargetConfig;
}

export interface ProjectionStatus {
  name: string;
  version: number;
  checkpoint: bigint | null;
  state: 'stopped' | 'catching-up' | 'live' | 'rebuilding' | 'failing';
  lastError?: string;
}

/**
 * Keeps every projection up to date with `$all`, one loop per projection (a failing projection
 * stops only itself and retries with backoff). A projection whose code version differs from the
 * stored one is rebuilt blue-green: the old documents keep being served while the new version
 * builds beside them from position 0; then documents and checkpoint switch at once. The read-store
 * projections and the search projection (documents in the SearchIndex) run the same way, each
 * through its ProjectionTarget.
 */
export class ProjectionRunner {
  private readonly logger: ProjectionLogger;
  private readonly statuses = new Map<string, ProjectionStatus>();
  /** Rung when `$all` has something new: idle loops wake up at once instead of at their next poll. */
  private readonly appended = new Signal();
  /** Rung when a checkpoint moved: `waitFor` re-reads the checkpoints. */
  private readonly checkpointMoved = new Signal();
  private subscription?: Subscription;
  private running = false;
  private loops: Promise<void>[] = [];
  private readonly targets: ProjectionTarget[];
  private readonly batchSize: number;
  private readonly idlePollMs: number;
  private readonly retryDelayMs: number;

  constructor(
    private readonly eventStore: EventStore,
    private readonly readStore: ReadStore,
    readonly projections: readonly Projection[],
    options: ProjectionRunnerOptions = {},
  ) {
    this.logger = options.logger ?? console;
    this.targets = createProjectionTargets(eventStore, readStore, projections, options.search);
    this.batchSize = options.batchSize ?? 500;
    this.idlePollMs = options.idlePollMs ?? 1000;
    this.retryDelayMs = options.retryDelayMs ?? 200;
    for (const target of this.targets) {
      this.statuses.set(target.name, { name: target.name, version: target.version, checkpoint: null, state: 'stopped' });
    }
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    for (const target of this.targets) await target.prepare();
    const head = await this.eventStore.headPosition();
    this.subscription = this.eventStore.subscribeToAll({
      after: head,
      onEvent: () => this.appended.notify(),
      onError: (error) => this.logger.warn(`Live subscription ended, polling only: ${String(error)}`),
    });
    this.loops = this.targets.map((target) => this.runLoop(target));
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.subscription?.unsubscribe();
    this.appended.notify();
    await Promise.all(this.loops);
    this.loops = [];
  }

  status(): ProjectionStatus[] {
    return [...this.statuses.values()].map((status) => ({ ...status }));
  }

  /**
   * Resolves once every named projection (all by default) has processed `position`, or after
   * `timeoutMs`; returns whether they caught up. Checkpoints are read from the store, so this
   * also works when the projections run in another process.
   */
  async waitFor(position: bigint, names?: readonly string[], timeoutMs = 1000): Promise<boolean> {
    const targets = names ?? this.targets.map((target) => target.name);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const checkpoints = await Promise.all(targets.map((name) => this.checkpointOf(name)));
      if (checkpoints.every((checkpoint) => checkpoint !== null && checkpoint >= position)) return true;
      const remaining = deadline - Date.now();
      if (remaining <= 0) return false;
      await this.checkpointMoved.wait(Math.min(remaining, 25));
    }
  }

  /** A target's live checkpoint; a name the runner does not run is looked up in the read store. */
  private checkpointOf(name: string): Promise<bigint | null> {
    const target = this.targets.find((candidate) => candidate.name === name);
    return target ? target.checkpoint() : this.readStore.getCheckpoint(name);
  }

  private async runLoop(target: ProjectionTarget): Promise<void> {
    const status = this.statuses.get(target.name)!;
    let delay = this.retryDelayMs;
    while (this.running) {
      try {
        if (target.rebuildable && (await target.isOutdated())) {
          status.state = 'rebuilding';
          await target.rebuild({ batchSize: this.batchSize, isCancelled: () => !this.running });
          continue;
        }
        const { read, checkpoint } = await target.applyNextBatch(this.batchSize);
        status.checkpoint = checkpoint;
        status.lastError = undefined;
        delay = this.retryDelayMs;
        this.checkpointMoved.notify();
        if (read > 0) {
          status.state = 'catching-up';
          continue;
        }
        status.state = 'live';
        await this.appended.wait(this.idlePollMs);
      } catch (error) {
        status.state = 'failing';
        status.lastError = error instanceof Error ? error.message : String(error);
        this.logger.error(`Projection ${target.name} failed, retrying in ${delay} ms: ${status.lastError}`);
        await this.appended.wait(delay);
        delay = Math.min(delay * 2, 30_000);
      }
    }
    status.state = 'stopped';
  }
}
