import type { EventStore } from '@app/event-store';
import { ProjectionRunner } from '@app/projections';
import { EVENT_STORE } from '@app/api';
import type { TestApp } from './test-app';

/** Waits until the projections (all, or those named) have applied the event log up to its head as it is now. */
export async function projectionsCaughtUp(site: TestApp, projections?: string[]): Promise<void> {
  const head = await site.app.get<EventStore>(EVENT_STORE).headPosition();
  if (head !== null) await site.app.get(ProjectionRunner).waitFor(head, projections, 60_000);
}
