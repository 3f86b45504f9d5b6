import type { EventStore, Subscription } from '@app/event-store';
import { SerialLock, type ReadStore } from '@app/read-store';
import type { Projection } from '../projection';
import type { ReadModelName } from '../read-models';
import type { CheckpointChannel } from './checkpoint-channel';
import type { BatchResult, FailurePolicy } from './isolate-failures';
import { parkedEvents } from './parked-events';
import { ProjectionLeases, type ProjectionLeaseOptions } from './projection-leases';
import { PROJECTION_FAILURES_COLLECTION, type FailureCategory, type ProjectionFailure } from './projection-failures';
import { createProjectionTargets, type SearchTargetConfig } from './create-projection-targets';
import type { ProjectionTarget } from './projection-target';
import { ProjectionVersions } from './projection-versions';
import { SharedLogRead } from './shared-log-read';
import { Signal } from './signal';
import { SharedCheckpointReads } from './shared-checkpoint-reads';

const PARKED_RECOUNT_MS = 2_000;
const REBUILD_BATCH_SIZE = 100;

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
  /** How an event a projection throws on is retried, then parked. */
  failures?: FailurePolicy;
  /** Rebuild leases: how long one lasts without renewal (default 15 s). */
  rebuildLeaseMs?: number;
  /**
   * Several projectors on one store: each target runs only in the process holding its lease
   * (see ProjectionLeases). Unset: every target runs here.
   */
  leases?: ProjectionLeaseOptions;
  /** Publishes this runner's checkpoint moves to other processes, and wakes `waitFor` on theirs. */
  checkpointChannel?: CheckpointChannel;
}

/** How often `waitFor` re-reads stored checkpoints: often without a channel, as a fallback with one. */
const STORED_CHECKPOINT_POLL_MS = 25;
const STORED_CHECKPOINT_FALLBACK_POLL_MS = 200;

export interface ProjectionStatus {
  name: string;
  version: number;
  checkpoint: bigint | null;
  /** Of the live run; `rebuilding` while a new version builds beside a live run that keeps going. */
  state: 'stopped' | 'catching-up' | 'live' | 'rebuilding' | 'failing';
  /** While failing: why the last try failed, what kind of failure holds it, and since when. */
  lastError?: string;
  failureCategory?: FailureCategory;
  failingSince?: Date;
  /** A new version is being built beside the live documents (which keep being served and kept up to date). */
  rebuilding?: boolean;
  /** Events the live run parked and nobody resolved yet (see `parkedEvents`). */
  parked: number;
}

/**
 * Keeps every projection up to date with `$all`, one loop per projection. Failures are classified
 * once, here: an event a projection's fold throws on is poison (retried a few times, then parked;
 * see `applyIsolatingFailures`); anything else (reading the log, a prefetch from the key store,
 * the read store or the search index failing) is an outage: the projection holds its checkpoint,
 * shows `failing` (also recorded in the read store for other processes: `projectionFailures`) and
 * retries with backoff without end, stopping only itself. A projection whose code version differs
 * from the stored one is rebuilt blue-green by a task of its own: the new version builds beside the
 * live documents from position 0 while the live loop goes on applying new events to them (so they
 * stay the ones commands settle on), then, with the live loop paused for the final catch-up,
 * documents and checkpoint switch at once (see `rebuildProjection`). The read-store
 * projections and the search projection (documents in the SearchIndex) run the same way, each
 * through its ProjectionTarget. Read-store projections that are caught up are fed from one shared
 * read of the log and commit together (SharedLogRead); one that is behind, failing or rebuilding
 * runs its own batches.
 */
export class ProjectionRunner<Name extends string = ReadModelName> {
  private readonly logger: ProjectionLogger;
  private readonly statuses = new Map<string, ProjectionStatus>();
  /** Projections whose failure this runner recorded in the read store (deleted once they recover). */
  private readonly failureRecorded = new Set<string>();
  /** Rung when `$all` has something new: idle loops wake up at once instead of at their next poll. */
  private readonly appended = new Signal();
  /** The newest position the live wake-up subscription has rung `appended` for, while it is open (null: closed). */
  private notifiedHead: bigint | null = null;
  /** Rung when a checkpoint of this runner moved: `waitFor` looks again. */
  private readonly checkpointMoved = new Signal();
  private readonly storedCheckpoints = new SharedCheckpointReads();
  private readonly shared: SharedLogRead;
  private subscription?: Subscription;
  private resubscribing?: Promise<void>;
  private running = false;
  private loops: Promise<void>[] = [];
  /** Per projection: held by its live loop around each batch, and by its rebuild for the switch. */
  private readonly liveLocks = new Map<string, SerialLock>();
  /** One rebuild at a time in this process: the live loops' transactions queue behind one rebuild batch at most. */
  private readonly rebuilds = new SerialLock();
  private readonly targets: ProjectionTarget[];
  private readonly batchSize: number;
  private readonly idlePollMs: number;
  private readonly retryDelayMs: number;
  private readonly failures: FailurePolicy;
  private readonly rebuildLeaseMs?: number;
  private readonly now: () => Date;
  private readonly leases?: ProjectionLeases;
  /** Rung when the leases this runner holds changed: a loop that stood by looks again. */
  private readonly leasesChanged = new Signal();
  private heartbeat?: NodeJS.Timeout;
  /** When the last lease heartbeat succeeded (wall clock, as the leases), for `leaseHealth`. */
  private leasesRenewedAt: Date | null = null;
  readonly checkpointChannel?: CheckpointChannel;
  private readonly unlisten?: () => void;

  constructor(
    private readonly eventStore: EventStore,
    private readonly readStore: ReadStore,
    readonly projections: readonly Projection<Name>[],
    options: ProjectionRunnerOptions = {},
  ) {
    this.logger = options.logger ?? console;
    this.targets = createProjectionTargets(eventStore, readStore, projections, options.search);
    this.batchSize = options.batchSize ?? 500;
    this.idlePollMs = options.idlePollMs ?? 1000;
    this.retryDelayMs = options.retryDelayMs ?? 200;
    this.failures = options.failures ?? {};
    this.rebuildLeaseMs = options.rebuildLeaseMs;
    this.now = this.failures.now ?? (() => new Date());
    this.shared = new SharedLogRead(eventStore, readStore, this.batchSize);
    if (options.leases) {
      this.leases = new ProjectionLeases(
        readStore,
        this.targets.map((target) => target.name),
        options.leases,
      );
    }
    this.checkpointChannel = options.checkpointChannel;
    this.unlisten = this.checkpointChannel?.subscribe(() => this.checkpointMoved.notify());
    for (const target of this.targets) {
      this.statuses.set(target.name, { name: target.name, version: target.version, checkpoint: null, state: 'stopped', parked: 0 });
      this.liveLocks.set(target.name, new SerialLock());
    }
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    for (const target of this.targets) await target.prepare();
    if (this.leases) {
      await this.leases.heartbeat(); // one process alone takes every lease at once
      this.leasesRenewedAt = new Date();
      this.logLeases();
      this.heartbeat = setInterval(() => void this.renewLeases(), this.leases.heartbeatMs);
    }
    await this.subscribe();
    this.loops = this.targets.flatMap((target) =>
      target.rebuildable ? [this.runLoop(target), this.rebuildLoop(target)] : [this.runLoop(target)],
    );
  }

  async stop(): Promise<void> {
    this.running = false;
    this.appended.notify();
    await this.resubscribing;
    await this.subscription?.unsubscribe();
    this.leasesChanged.notify();
    await Promise.all(this.loops);
    this.loops = [];
    this.unlisten?.();
    if (this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
      await this.leases?.release().catch((error: unknown) => this.logger.warn(`Releasing the projection leases failed: ${String(error)}`));
    }
  }

  /** Whether this runner runs `name` now (always, without leases). */
  private holds(name: string): boolean {
    return !this.leases || this.leases.holds(name);
  }

  private logLeases(): void {
    const held = this.targets.filter((target) => this.holds(target.name)).map((target) => target.name);
    this.logger.log(
      `Holding ${held.length} of ${this.targets.length} projection leases${held.length ? `: ${held.join(', ')}` : ' (standing by)'}`,
    );
  }

  private async renewLeases(): Promise<void> {
    try {
      const changed = await this.leases!.heartbeat();
      this.leasesRenewedAt = new Date();
      if (changed) {
        this.logLeases();
        this.leasesChanged.notify();
      }
    } catch (error) {
      this.logger.warn(`Renewing the projection leases failed (they lapse after their TTL): ${String(error)}`);
    }
  }

  /**
   * The wake-up subscription, from the head: it only rings `appended`. When it dies, the loops
   * keep polling and it is re-opened with backoff (doubling from `retryDelayMs` up to 30 s).
   */
  private async subscribe(delay = this.retryDelayMs): Promise<void> {
    const head = await this.eventStore.headPosition();
    this.notifiedHead = head ?? -1n;
    this.subscription = this.eventStore.subscribeToAll({
      after: head,
      onEvent: (event) => {
        this.notifiedHead = event.position;
        this.appended.notify();
      },
      onError: (error) => {
        this.notifiedHead = null;
        if (!this.running) return;
        this.logger.warn(`Live subscription ended, re-opening it in ${delay} ms (polling meanwhile): ${String(error)}`);
        this.resubscribing = this.resubscribe(delay);
      },
    });
  }

  private async resubscribe(delay: number): Promise<void> {
    let wait = delay;
    while (this.running) {
      await this.appended.wait(wait);
      if (!this.running) return;
      const next = Math.min(wait * 2, 30_000);
      try {
        await this.subscribe(next);
        this.appended.notify(); // whatever was appended while it was down
        this.logger.log('Live subscription re-opened');
        return;
      } catch (error) {
        this.logger.warn(`Re-opening the live subscription failed, retrying in ${next} ms: ${String(error)}`);
        wait = next;
      }
    }
  }

  /**
   * Whether this runner keeps its leases: it runs, and its last heartbeat (which renews the leases
   * held and takes the free ones) succeeded within two heartbeats. A standby holding nothing is
   * healthy too; one whose store stopped answering is not. Without leases: whether it runs.
   */
  /** Calls `listener` whenever a checkpoint may have moved, here or (through the channel) in another process. */
  onCheckpointMoved(listener: () => void): () => void {
    return this.checkpointMoved.listen(listener);
  }

  leaseHealth(): { healthy: boolean; held: string[]; renewedAt: Date | null } {
    const held = this.targets.filter((target) => this.running && this.holds(target.name)).map((target) => target.name);
    if (!this.leases) return { healthy: this.running, held, renewedAt: null };
    const renewedAt = this.leasesRenewedAt;
    const fresh = renewedAt !== null && Date.now() - renewedAt.getTime() <= 2 * this.leases.heartbeatMs;
    return { healthy: this.running && fresh, held, renewedAt };
  }

  status(): ProjectionStatus[] {
    return [...this.statuses.values()].map((status) => {
      const moving = status.state === 'live' || status.state === 'catching-up';
      return { ...status, state: status.rebuilding && moving ? 'rebuilding' : status.state };
    });
  }

  /**
   * Resolves once every named projection (all by default) has processed `position`, or after
   * `timeoutMs`; returns whether they caught up. It waits for the LIVE documents, the ones reads
   * see: a projection being rebuilt is waited for through its live loop, which keeps going. The
   * checkpoints of the projections this runner keeps live are known in memory and every move of
   * theirs wakes the wait; the others (not run here, not started) are read from the store,
   * re-read every 25 ms, so this also works when the projections run in another process.
   */
  async waitFor(position: bigint, names?: readonly Name[], timeoutMs = 1000): Promise<boolean> {
    return (await this.lagging(position, names, timeoutMs)).length === 0;
  }

  /**
   * Like `waitFor`, but answers which of the named projections had not processed `position` when
   * the wait ended (none: all caught up). A projection of this runner that is failing will not
   * catch up soon: no command waits behind it, but it is named when it is behind.
   */
  async lagging(position: bigint, names?: readonly Name[], timeoutMs = 1000): Promise<Name[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      let polled = false;
      let waiting = false;
      const behind: Name[] = [];
      for (const name of names ?? this.targets.map((target) => target.name as Name)) {
        let checkpoint = this.knownCheckpoint(name);
        if (checkpoint === undefined) {
          polled = true;
          // From the store that holds it: the search writer's is in the search index, not the read store.
          const target = this.targets.find((candidate) => candidate.name === name);
          checkpoint = await this.storedCheckpoints.read(name, () => (target ? target.checkpoint() : this.readStore.getCheckpoint(name)));
        }
        if (checkpoint !== null && checkpoint >= position) continue;
        behind.push(name);
        waiting ||= this.statuses.get(name)?.state !== 'failing';
      }
      const remaining = deadline - Date.now();
      if (!waiting || remaining <= 0) return behind;
      const poll = this.checkpointChannel ? STORED_CHECKPOINT_FALLBACK_POLL_MS : STORED_CHECKPOINT_POLL_MS;
      await this.checkpointMoved.wait(polled ? Math.min(remaining, poll) : remaining);
    }
  }

  /** The live checkpoint of a projection this runner keeps live (set by its loop after every batch); undefined otherwise. */
  private knownCheckpoint(name: string): bigint | null | undefined {
    const status = this.statuses.get(name);
    return status && (status.state === 'live' || status.state === 'catching-up' || status.state === 'failing')
      ? status.checkpoint
      : undefined;
  }

  private async runLoop(target: ProjectionTarget): Promise<void> {
    const status = this.statuses.get(target.name)!;
    const liveLock = this.liveLocks.get(target.name)!;
    let delay = this.retryDelayMs;
    // Caught up (its last batch was not full): the next batch may come from the shared read.
    let nearHead = false;
    // The parked count is re-read when this loop parked something, else at most every PARKED_RECOUNT_MS
    // (an operator resolves parked events from another process), not after every command.
    let parkedCountedAt = -Infinity;
    while (this.running) {
      if (!this.holds(target.name)) {
        // Another projector runs it (or this one lost its lease): stand by; `waitFor` reads its stored checkpoint.
        if (status.state !== 'stopped') this.logger.log(`Projection ${target.name} is run by another process now`);
        status.state = 'stopped';
        nearHead = false;
        await this.leasesChanged.wait(this.leases!.heartbeatMs);
        continue;
      }
      try {
        const own = () => target.applyNextBatch(this.batchSize, this.failures);
        // Under the live lock: a rebuild's switch never interleaves with a batch of this loop.
        const batch: BatchResult = await liveLock.run(() =>
          nearHead && target.shared ? this.shared.applyNextBatch(target.shared, own) : own(),
        );
        const { read, checkpoint, parked } = batch;
        nearHead = read < this.batchSize;
        status.checkpoint = checkpoint;
        await this.recovered(target, status);
        delay = this.retryDelayMs;
        this.checkpointMoved.notify();
        if (read > 0) this.checkpointChannel?.publish();
        if (parked) {
          status.parked += 1;
          parkedCountedAt = -Infinity;
          this.logger.error(`Projection ${target.name} parked ${parked.eventType} at ${parked.position} and goes on: ${parked.error}`);
        }
        if (read > 0 && !this.caughtUp(batch, read)) {
          status.state = 'catching-up';
          continue;
        }
        status.state = 'live';
        if (Date.now() - parkedCountedAt >= PARKED_RECOUNT_MS) {
          parkedCountedAt = Date.now();
          status.parked = (await parkedEvents(this.readStore, target.name)).length;
        }
        // A ring during the recount above would be lost on the wait: after a batch that read events, check again.
        if (this.running && (read === 0 || this.caughtUp(batch, read))) await this.appended.wait(this.idlePollMs);
      } catch (error) {
        nearHead = false;
        await this.failing(target, status, error);
        this.logger.error(
          `Projection ${target.name} is failing (${status.failureCategory}), held after ${status.checkpoint ?? 'the start'}, retrying in ${delay} ms: ${status.lastError}`,
        );
        if (this.running) await this.appended.wait(delay);
        delay = Math.min(delay * 2, 30_000);
      }
    }
    status.state = 'stopped';
  }

  /**
   * Whether a batch that read events left nothing known to read: it was not full, parked nothing,
   * and reached the newest event the open wake-up subscription has rung for. Then the loop waits
   * for the next ring instead of reading an empty batch (one round of checkpoint reads for every
   * projection per turn that carried commands). Without an open subscription it reads on, as a
   * ring may have been missed.
   */
  private caughtUp({ checkpoint, parked }: BatchResult, read: number): boolean {
    return read < this.batchSize && !parked && this.notifiedHead !== null && checkpoint !== null && checkpoint >= this.notifiedHead;
  }

  /** Whatever escaped the batch is not an event's fault (those are parked inside it): an outage. */
  private async failing(target: ProjectionTarget, status: ProjectionStatus, error: unknown): Promise<void> {
    const now = this.now();
    status.failingSince ??= now; // cleared by `recovered`
    status.state = 'failing';
    status.failureCategory = 'outage';
    status.lastError = error instanceof Error ? error.message || error.name : String(error);
    // The checkpoint it holds, as stored (right after a start the loop has not read it yet).
    status.checkpoint = await target.checkpoint().catch(() => status.checkpoint);
    this.checkpointMoved.notify(); // a waiting command stops waiting for it
    const record: ProjectionFailure = {
      id: target.name,
      category: status.failureCategory,
      error: status.lastError,
      since: status.failingSince.toISOString(),
      lastTriedAt: now.toISOString(),
      checkpoint: status.checkpoint?.toString() ?? null,
    };
    // Best effort: the read store may be what is down.
    await this.readStore.transaction((tx) => tx.upsert(PROJECTION_FAILURES_COLLECTION, record)).catch(() => undefined);
    this.failureRecorded.add(target.name);
  }

  private async recovered(target: ProjectionTarget, status: ProjectionStatus): Promise<void> {
    if (status.failingSince) this.logger.log(`Projection ${target.name} recovered (failing since ${status.failingSince.toISOString()})`);
    status.lastError = undefined;
    status.failureCategory = undefined;
    status.failingSince = undefined;
    if (!this.failureRecorded.has(target.name)) return;
    await this.readStore.transaction((tx) => tx.delete(PROJECTION_FAILURES_COLLECTION, target.name));
    this.failureRecorded.delete(target.name);
  }

  /**
   * Beside the live loop: when the code version differs from the stored one, builds the new version
   * in a shadow and switches (see `rebuildProjection`); the live loop is paused only for the final
   * catch-up and the switch. A projection never built (no version stored, no live checkpoint) needs
   * no shadow: the live loop builds it from position 0 with this very code, so its version is
   * simply recorded.
   */
  private async rebuildLoop(target: ProjectionTarget): Promise<void> {
    const status = this.statuses.get(target.name)!;
    const liveLock = this.liveLocks.get(target.name)!;
    const versions = new ProjectionVersions(this.readStore);
    let delay = this.retryDelayMs;
    while (this.running) {
      // The process that runs the live projection rebuilds it: its switch pauses that live loop.
      if (!this.holds(target.name)) {
        await this.leasesChanged.wait(this.leases!.heartbeatMs);
        continue;
      }
      try {
        if (!(await target.isOutdated())) return;
        if ((await versions.stored(target.name)) === null && (await target.checkpoint()) === null) {
          await this.readStore.transaction((tx) => versions.record(tx, target.name, target.version));
          return;
        }
        status.rebuilding = true;
        const rebuilt = await this.rebuilds.run(() =>
          target.rebuild({
            // Small batches: a live batch waits behind one of them in the store's transaction queue.
            batchSize: Math.min(this.batchSize, REBUILD_BATCH_SIZE),
            isCancelled: () => !this.running,
            failures: this.failures,
            lease: this.rebuildLeaseMs === undefined ? undefined : { leaseMs: this.rebuildLeaseMs },
            exclusive: (work) => liveLock.run(work),
          }),
        );
        if (rebuilt.outcome === 'switched') {
          this.logger.log(`Projection ${target.name} rebuilt as version ${target.version} and switched`);
          // The live checkpoint jumped to the shadow's: the live loop reads it again at once.
          this.appended.notify();
          return;
        }
        // Another process holds the lease: it rebuilds; look again later.
        if (rebuilt.outcome === 'busy' && this.running) await this.appended.wait(Math.max(this.idlePollMs, 1000));
      } catch (error) {
        this.logger.error(
          `Rebuild of ${target.name} failed, retrying in ${delay} ms: ${error instanceof Error ? error.message : String(error)}`,
        );
        if (this.running) await this.appended.wait(delay);
        delay = Math.min(delay * 2, 30_000);
      } finally {
        status.rebuilding = false;
      }
    }
  }
}
