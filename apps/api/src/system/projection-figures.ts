import type { ProjectionFigures, ProjectionState } from '@app/contracts';
import type { EventStore } from '@app/event-store';
import type { ParkedEvent, ProjectionFailure, ProjectionStatus, ProjectionTarget } from '@app/projections';

/** Where a store that counts by reading (EventStoreDB) stops: the figure then reads "at least". */
const LAG_COUNT_LIMIT = 10_000;

/**
 * The one place projection figures are gathered, for GET /metrics and the Admin Panel's System
 * card alike: each target's live checkpoint (read through its ProjectionTarget, so it is right
 * when another process projects), the events after it and the age of the oldest of them, and the
 * state the runner of this process reports, and the events parked (read from the read store, so
 * also those another process parked), and why it is failing (from this runner, or as the process
 * that runs it recorded it: `projectionFailures`). A new figure is added here, to ProjectionFigures
 * (libs/contracts/src/system.ts) and to SiteMetrics.recordSystem.
 */
export async function gatherProjectionFigures(
  eventStore: EventStore,
  targets: readonly ProjectionTarget[],
  statuses: readonly ProjectionStatus[],
  parked: readonly ParkedEvent[],
  failures: readonly ProjectionFailure[],
  now: Date,
  /** Projections a projector holds the lease of (run by another process when this one does not). */
  leased: ReadonlySet<string> = new Set(),
): Promise<ProjectionFigures[]> {
  // Projections mostly stand at the same checkpoint: the events after it are read once.
  const lags = new Map<string, ReturnType<typeof lagAfter>>();
  const lagOf = (checkpoint: bigint | null) => {
    const key = checkpoint?.toString() ?? '';
    if (!lags.has(key)) lags.set(key, lagAfter(eventStore, checkpoint));
    return lags.get(key)!;
  };
  return Promise.all(
    targets.map(async (target) => {
      const checkpoint = await target.checkpoint();
      const { lagEvents, oldestPending } = await lagOf(checkpoint);
      const status = statuses.find((candidate) => candidate.name === target.name);
      const failure = failureOf(
        status,
        failures.find((candidate) => candidate.id === target.name),
      );
      return {
        name: target.name,
        state: failure ? 'failing' : stateOf(status, lagEvents, leased.has(target.name)),
        position: checkpoint?.toString() ?? null,
        lagEvents,
        lagSeconds: oldestPending ? Math.max(0, (now.getTime() - oldestPending.getTime()) / 1000) : 0,
        lastError: failure?.error ?? null,
        failureCategory: failure?.category ?? null,
        failingSince: failure?.since ?? null,
        parkedEvents: parked.filter((event) => event.projection === target.name).length,
      };
    }),
  );
}

/** This runner's failure of the projection; else the one recorded by the process that runs it, when this one does not. */
function failureOf(status: ProjectionStatus | undefined, recorded: ProjectionFailure | undefined) {
  if (status?.state === 'failing') {
    return {
      error: status.lastError ?? null,
      category: status.failureCategory ?? 'outage',
      since: status.failingSince?.toISOString() ?? null,
    };
  }
  const runHere = status !== undefined && status.state !== 'stopped';
  return !runHere && recorded ? { error: recorded.error, category: recorded.category, since: recorded.since } : undefined;
}

function stateOf(status: ProjectionStatus | undefined, lagEvents: number, leased: boolean): ProjectionState {
  if (status?.state === 'rebuilding' || status?.state === 'failing') return status.state;
  // Not run by this process nor leased by a projector, or run (here or by the lease holder) and caught up or catching up.
  if (status?.state === 'stopped' && lagEvents > 0 && !leased) return 'stopped';
  return lagEvents > 0 ? 'behind' : 'running';
}

/**
 * The events after `checkpoint`, counted by the store from positions (see EventStore.countAfter),
 * and when the first of them was recorded: one event read, whatever the lag.
 */
async function lagAfter(eventStore: EventStore, checkpoint: bigint | null): Promise<{ lagEvents: number; oldestPending: Date | null }> {
  const [lagEvents, [first]] = await Promise.all([
    eventStore.countAfter(checkpoint, { atMost: LAG_COUNT_LIMIT }),
    eventStore.readAll({ after: checkpoint, maxCount: 1 }),
  ]);
  return { lagEvents: first ? lagEvents : 0, oldestPending: first?.recordedAt ?? null };
}
