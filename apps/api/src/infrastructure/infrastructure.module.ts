import { Global, Inject, Logger, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { loadConfig, type AppConfig } from '@app/config';
import { createEventStore, type EventStore } from '@app/event-store';
import { createReadStore, type ReadStore } from '@app/read-store';
import { allProjections, ProjectionRunner } from '@app/projections';
import { EventSourcedCommands } from './event-sourced-commands';
import { APP_CONFIG, EVENT_STORE, READ_STORE } from './tokens';

/** The engines behind the ports, chosen by configuration alone, and the projection runner. */
@Global()
@Module({
  providers: [
    { provide: APP_CONFIG, useFactory: () => loadConfig() },
    { provide: EVENT_STORE, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createEventStore(config) },
    { provide: READ_STORE, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createReadStore(config) },
    {
      provide: ProjectionRunner,
      inject: [EVENT_STORE, READ_STORE],
      useFactory: (eventStore: EventStore, readStore: ReadStore) => new ProjectionRunner(eventStore, readStore, allProjections),
    },
    EventSourcedCommands,
  ],
  exports: [APP_CONFIG, EVENT_STORE, READ_STORE, ProjectionRunner, EventSourcedCommands],
})
export class InfrastructureModule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Infrastructure');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly runner: ProjectionRunner,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const engines = [
      this.config.eventStoreUrl ? 'EventStoreDB' : 'SQLite event store',
      this.config.mongodbUrl ? 'MongoDB' : 'SQLite read store',
    ];
    this.logger.log(`Data in ${this.config.dataDir}; engines: ${engines.join(', ')}`);
    await this.runner.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.runner.stop();
    await this.readStore.close();
    await this.eventStore.close();
  }
}
