import type { EventStore, Subscription } from '@app/event-store';
import type { ReadStore } from '@app/read-store';
import type { Projection } from '../projection';
import { applyNextBatch, type BatchTarget } from './apply-batch';
import { REBUILD_SUFFIX } from './namespaced-transaction';
import { ProjectionVersions } from './projection-versions';
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
 * builds beside them from position 0; then collections and checkpoint switch in one transaction.
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
  private readonly versions: ProjectionVersions;
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
    this.versions = new ProjectionVersions(readStore);
    this.batchSize = options.batchSize ?? 500;
    this.idlePollMs = options.idlePollMs ?? 1000;
    this.retryDelayMs = options.retryDelayMs ?? 200;
    for (const projection of projections) {
      this.statuses.set(projection.name, { name: projection.name, version: projection.version, checkpoint: null, state: 'stopped' });
    }
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    for (const projection of this.projections) await ensureIndexes(this.readStore, projection, '');
    const head = await this.eventStore.headPosition();
    this.subscription = this.eventStore.subscribeToAll({
      after: head,
      onEvent: () => this.appended.notify(),
      onError: (error) => this.logger.warn(`Live subscription ended, polling only: ${String(error)}`),
    });
    this.loops = this.projections.map((projection) => this.runLoop(projection));
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
    const targets = names ?? this.projections.map((projection) => projection.name);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const checkpoints = await Promise.all(targets.map((name) => this.readStore.getCheckpoint(name)));
      if (checkpoints.every((checkpoint) => checkpoint !== null && checkpoint >= position)) return true;
      const remaining = deadline - Date.now();
      if (remaining <= 0) return false;
      await this.checkpointMoved.wait(Math.min(remaining, 25));
    }
  }

  private async runLoop(projection: Projection): Promise<void> {
    const status = this.statuses.get(projection.name)!;
    let delay = this.retryDelayMs;
    while (this.running) {
      try {
        if (!projection.reactor && (await this.versions.stored(projection.name)) !== projection.version) {
          status.state = 'rebuilding';
          await rebuildProjection(this.eventStore, this.readStore, projection, {
            batchSize: this.batchSize,
            isCancelled: () => !this.running,
          });
          continue;
        }
        const { read, checkpoint } = await applyNextBatch(this.eventStore, this.readStore, liveTarget(projection), this.batchSize);
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
        this.logger.error(`Projection ${projection.name} failed, retrying in ${delay} ms: ${status.lastError}`);
        await this.appended.wait(delay);
        delay = Math.min(delay * 2, 30_000);
      }
    }
    status.state = 'stopped';
  }
}

function liveTarget(projection: Projection): BatchTarget {
  return { projection, checkpointName: projection.name, collectionSuffix: '' };
}

export interface RebuildOptions {
  batchSize?: number;
  isCancelled?: () => boolean;
  onProgress?: (processed: number) => void;
}

/**
 * Blue-green rebuild: builds the projection from position 0 into shadow collections, catches up
 * with `$all`, then in one transaction replaces the live collections, moves the live checkpoint
 * and records the version. Readers see the old documents until that instant.
 */
export async function rebuildProjection(
  eventStore: EventStore,
  readStore: ReadStore,
  projection: Projection,
  options: RebuildOptions = {},
): Promise<void> {
  const batchSize = options.batchSize ?? 500;
  const target: BatchTarget = { projection, checkpointName: projection.name + REBUILD_SUFFIX, collectionSuffix: REBUILD_SUFFIX };
  await readStore.transaction(async (tx) => {
    for (const collection of projection.collections) await tx.dropCollection(collection + REBUILD_SUFFIX);
    await tx.setCheckpoint(target.checkpointName, null);
  });
  await ensureIndexes(readStore, projection, REBUILD_SUFFIX);
  let processed = 0;
  for (;;) {
    if (options.isCancelled?.()) return;
    const { read } = await applyNextBatch(eventStore, readStore, target, batchSize);
    processed += read;
    options.onProgress?.(processed);
    if (read === 0) break;
  }
  const versions = new ProjectionVersions(readStore);
  await readStore.transaction(async (tx) => {
    const rebuilt = await tx.getCheckpoint(target.checkpointName);
    for (const collection of projection.collections) await tx.renameCollection(collection + REBUILD_SUFFIX, collection);
    await tx.setCheckpoint(projection.name, rebuilt);
    await tx.deleteCheckpoint(target.checkpointName);
    await versions.record(tx, projection.name, projection.version);
  });
  await ensureIndexes(readStore, projection, '');
}

async function ensureIndexes(readStore: ReadStore, projection: Projection, suffix: string): Promise<void> {
  for (const [collection, indexes] of Object.entries(projection.indexes ?? {})) {
    await readStore.ensureIndexes(collection + suffix, indexes);
  }
}
