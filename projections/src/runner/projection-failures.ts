import type { ProjectionFailureCategory } from '@app/contracts';
import type { ReadStore } from '@app/read-store';

/**
 * Why a projection is held at its checkpoint. Only an outage holds one: an event its fold keeps
 * throwing on is parked and the projection goes on (see `parkedEvents`).
 */
export type FailureCategory = ProjectionFailureCategory;

export const PROJECTION_FAILURES_COLLECTION = 'projection_failures';

/**
 * A projection failing right now, as the process that runs it records it beside the checkpoints,
 * so `projections status` in another process sees it (Marten's failure columns beside the
 * progression). Deleted when the projection applies a batch again.
 */
export interface ProjectionFailure {
  /** The projection's name. */
  id: string;
  category: FailureCategory;
  error: string;
  /** When the current run of failures began, and the last failed try (ISO). */
  since: string;
  lastTriedAt: string;
  /** The checkpoint it holds: the next event after it is the one not yet applied. */
  checkpoint: string | null;
  [field: string]: unknown;
}

export async function projectionFailures(readStore: ReadStore): Promise<ProjectionFailure[]> {
  return readStore.find<ProjectionFailure>(PROJECTION_FAILURES_COLLECTION, {}, { sort: [['id', 1]] });
}
