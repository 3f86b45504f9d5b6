import { Controller, Get, Inject, ServiceUnavailableException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AppConfig } from '@app/config';
import { isAdmin } from '@app/domain';
import type { EventStore } from '@app/event-store';
import { ProjectionRunner } from '@app/projections';
import { CurrentUser } from '../auth/auth.decorators';
import type { SessionUser } from '../auth/session-user';
import { APP_CONFIG, EVENT_STORE } from '../infrastructure/tokens';

@ApiTags('Health')
@Controller('health')
export class HealthController {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly runner: ProjectionRunner,
  ) {}

  /**
   * Up (200, status 'ok') or down (503). Admins, and anyone in development, also get what an
   * operator looks at first: the log head and each projection's state and last error.
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
    return {
      status: 'ok',
      eventStoreHead: head?.toString() ?? null,
      projections: this.runner.status().map((status) => ({
        name: status.name,
        state: status.state,
        checkpoint: status.checkpoint?.toString() ?? null,
        lastError: status.lastError ?? null,
        parked: status.parked,
      })),
    };
  }
}
