import type { EventStore } from '@app/event-store';
import { ProjectionRunner } from '@app/projections';
import { EVENT_STORE } from '@app/api';
import type { TestApp } from './test-app';

/** Longer than any catch-up of a suite on a loaded machine: past it, the loops still behind are named in the output. */
const SLOW_MS = 10_000;
const TIMEOUT_MS = 60_000;

/**
 * Waits until the projections (all, or those named) have applied the event log up to its head as it
 * is now. A wait past 10 s prints which are behind and how they stand; one past 60 s fails with it.
 */
export async function projectionsCaughtUp(site: TestApp, projections?: string[]): Promise<void> {
  const head = await site.app.get<EventStore>(EVENT_STORE).headPosition();
  if (head === null) return;
  const runner = site.app.get(ProjectionRunner);
  if ((await runner.lagging(head, projections, SLOW_MS)).length === 0) return;
  console.warn(`Projections still behind ${head} after ${SLOW_MS / 1000} s: ${standing(runner, projections)}`);
  if ((await runner.lagging(head, projections, TIMEOUT_MS - SLOW_MS)).length === 0) return;
  throw new Error(`Projections still behind ${head} after ${TIMEOUT_MS / 1000} s: ${standing(runner, projections)}`);
}

function standing(runner: Pick<ProjectionRunner<string>, 'status'>, projections?: string[]): string {
  return runner
    .status()
    .filter((status) => !projections || projections.includes(status.name))
    .map(
      ({ name, state, checkpoint, lastError }) => `${name} ${state} at ${checkpoint ?? 'the start'}${lastError ? ` (${lastError})` : ''}`,
    )
    .join('; ');
}
