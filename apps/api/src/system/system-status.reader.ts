import { Inject, Injectable } from '@nestjs/common';
import type { ProjectionFigures, SystemStatus } from '@app/contracts';
import {
  createProjectionTargets,
  parkedEvents,
  PROJECTION_LEASES_COLLECTION,
  projectionFailures,
  ProjectionRunner,
  type ProjectionTarget,
} from '@app/projections';
import type { SiteEngines } from '../infrastructure/site-engines';
import { CLOCK, SITE_ENGINES, type Clock } from '../infrastructure/tokens';
import { gatherProjectionFigures } from './projection-figures';

/** A projection's lease as stored: the projector process that runs it, until when (wall-clock ms). */
export interface ProjectionLease {
  id: string;
  owner: string;
  expiresAt: number;
}

/** The operator's figures: the log head, every projection (gatherProjectionFigures) and the job queue. */
@Injectable()
export class SystemStatusReader {
  private readonly targets: ProjectionTarget[];

  constructor(
    @Inject(SITE_ENGINES) private readonly engines: SiteEngines,
    private readonly runner: ProjectionRunner,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.targets = createProjectionTargets(engines.eventStore, engines.readStore, engines.projections, engines.search);
  }

  async read(): Promise<SystemStatus> {
    const { eventStore, queue } = this.engines;
    const [head, projections, jobs] = await Promise.all([eventStore.headPosition(), this.projections(), queue.stats()]);
    return {
      head: head?.toString() ?? null,
      projections,
      queue: { depth: jobs.waiting + jobs.active, waiting: jobs.waiting, active: jobs.active, failed: jobs.failed },
    };
  }

  /**
   * Every projection as the process running it sees it: positions, parked events, failures and
   * leases come from the stores, so an API process that runs none reports the projector's.
   */
  async projections(leases?: readonly ProjectionLease[]): Promise<ProjectionFigures[]> {
    const { eventStore, readStore } = this.engines;
    const [parked, failures, live] = await Promise.all([parkedEvents(readStore), projectionFailures(readStore), leases ?? this.leases()]);
    const leased = new Set(live.map((lease) => lease.id));
    return gatherProjectionFigures(eventStore, this.targets, this.runner.status(), parked, failures, this.clock(), leased);
  }

  /** The leases a projector holds now (wall clock: leases are compared across processes). */
  async leases(): Promise<ProjectionLease[]> {
    const leases = await this.engines.readStore.find<ProjectionLease & Record<string, unknown>>(PROJECTION_LEASES_COLLECTION, {});
    return leases.filter((lease) => lease.expiresAt > Date.now());
  }
}
