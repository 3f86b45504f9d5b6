import { Controller, Get, Inject, ServiceUnavailableException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AppConfig } from '@app/config';
import { isAdmin } from '@app/domain';
import type { EventStore } from '@app/event-store';
import { CurrentUser } from '../auth/auth.decorators';
import type { SessionUser } from '../auth/session-user';
import { APP_CONFIG, EVENT_STORE } from '../infrastructure/tokens';
import { SystemStatusReader } from '../system/system-status.reader';

@ApiTags('Health')
@Controller('health')
export class HealthController {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly system: SystemStatusReader,
  ) {}

  /**
   * Up (200, status 'ok') or down (503). Admins, and anyone in development, also get what an
   * operator looks at first: the log head and each projection as the projector running it sees
   * it, read from the stores (so an API process that runs none reports the projector's): its
   * state, position, lag behind the head, the process holding its lease, and why it is failing.
   */
  @Get()
  async health(@CurrentUser() user: SessionUser | null) {
    let head: bigint | null;
    try {
      head = await this.eventStore.headPosition();
    } catch {
      throw new ServiceUnavailableException('The site is down: its event store does not answer.');
    }
    if (!this.config.development && !(user && isAdmin(user))) return { status: 'ok' };
    let details;
    try {
      const leases = await this.system.leases();
      details = { leases, figures: await this.system.projections(leases) };
    } catch {
      throw new ServiceUnavailableException('The site is down: its read store does not answer.');
    }
    return {
      status: 'ok',
      eventStoreHead: head?.toString() ?? null,
      projections: details.figures.map((figures) => {
        const lease = details.leases.find((candidate) => candidate.id === figures.name);
        return {
          name: figures.name,
          state: figures.state,
          checkpoint: figures.position,
          lagEvents: figures.lagEvents,
          lagSeconds: figures.lagSeconds,
          heldBy: lease?.owner ?? null,
          leaseExpiresAt: lease ? new Date(lease.expiresAt).toISOString() : null,
          lastError: figures.lastError,
          failingSince: figures.failingSince,
          parked: figures.parkedEvents,
        };
      }),
    };
  }
}
