import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { EventStore } from '@app/event-store';
import { ProjectionRunner } from '@app/projections';
import { EVENT_STORE } from '../infrastructure/tokens';

@ApiTags('Health')
@Controller('health')
export class HealthController {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly runner: ProjectionRunner,
  ) {}

  /** Liveness plus what an operator looks at first: the log head and each projection's state. */
  @Get()
  async health() {
    const head = await this.eventStore.headPosition();
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
