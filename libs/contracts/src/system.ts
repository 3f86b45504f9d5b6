/** What a projection is doing, as the Admin Panel's System card shows it. */
export const PROJECTION_STATES = ['running', 'rebuilding', 'behind', 'failing', 'stopped'] as const;
export type ProjectionState = (typeof PROJECTION_STATES)[number];

/**
 * Why a projection is failing (held at its checkpoint, retrying without end): a dependency is
 * unavailable. An event a projection throws on is not a failure of it: it is parked and counted in
 * `parkedEvents`.
 */
export const PROJECTION_FAILURE_CATEGORIES = ['outage'] as const;
export type ProjectionFailureCategory = (typeof PROJECTION_FAILURE_CATEGORIES)[number];

/** One projection (or reactor) of GET /api/Admin/System. Positions are `$all` positions as strings (they are 64-bit). */
export interface ProjectionFigures {
  name: string;
  state: ProjectionState;
  /** The live checkpoint; null before the first event was applied. */
  position: string | null;
  /** Events in the log after the checkpoint. */
  lagEvents: number;
  /** Age of the oldest event not yet applied; 0 when caught up. */
  lagSeconds: number;
  /** Why the last batch failed, while the projection is failing. */
  lastError: string | null;
  /** While failing: what kind of failure holds it, and since when (ISO); null otherwise. */
  failureCategory: ProjectionFailureCategory | null;
  failingSince: string | null;
  /** Events it could not apply, set aside until an operator retries or skips them (`projections status`). */
  parkedEvents: number;
}

/** The job queue (mail) of GET /api/Admin/System. */
export interface QueueFigures {
  /** Jobs waiting or running. */
  depth: number;
  waiting: number;
  active: number;
  failed: number;
}

/** GET /api/Admin/System (admins): the operator's view of the projections and the queue. */
export interface SystemStatus {
  /** Position of the last event in the log; null when it is empty. */
  head: string | null;
  projections: ProjectionFigures[];
  queue: QueueFigures;
}
