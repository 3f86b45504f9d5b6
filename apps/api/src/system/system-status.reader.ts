import { Inject, Injectable } from '@nestjs/common';
import type { SystemStatus } from '@app/contracts';
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
    const { eventStore, readStore, queue } = this.engines;
    const [head, projections, jobs] = await Promise.all([
      eventStore.headPosition(),
      Promise.all([parkedEvents(readStore), projectionFailures(readStore), this.leased()]).then(([parked, failures, leased]) =>
        gatherProjectionFigures(eventStore, this.targets, this.runner.status(), parked, failures, this.clock(), leased),
      ),
      queue.stats(),
    ]);
    return {
      head: head?.toString() ?? null,
      projections,
      queue: { depth: jobs.waiting + jobs.active, waiting: jobs.waiting, active: jobs.active, failed: jobs.failed },
    };
  }

  /** The projections whose lease a projector holds now (wall clock: leases are compared across processes). */
  private async leased(): Promise<Set<string>> {
    const leases = await this.engines.readStore.find<{ id: string; expiresAt: number }>(PROJECTION_LEASES_COLLECTION, {});
    return new Set(leases.filter((lease) => lease.expiresAt > Date.now()).map((lease) => lease.id));
  }
}
