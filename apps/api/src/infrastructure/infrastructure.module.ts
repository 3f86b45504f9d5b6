import { DynamicModule, Global, Inject, Logger, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { loadConfig, type AppConfig } from '@app/config';
import { createMailTransport, SEND_MAIL, sendMailJobHandler, type MailTransport } from '@app/mail';
import { PasswordHasher, PersonalDataVault } from '@app/personal-data';
import { ProjectionRunner, type CheckpointChannel } from '@app/projections';
import { countingEventStore } from '../metrics/counting-event-store';
import { SiteMetrics } from '../metrics/site-metrics';
import { createCheckpointChannel } from './checkpoint-channels';
import { EventSourcedCommands } from './event-sourced-commands';
import { watchAppends } from './file-writes';
import { openSiteEngines, type SiteEngineOptions, type SiteEngines } from './site-engines';
import { APP_CONFIG, CLOCK, EVENT_STORE, JOB_QUEUE, READ_STORE, SEARCH_INDEX, SITE_ENGINES, systemClock, type Clock } from './tokens';

/** Test-only seams of the engines (fault injection), set by `forRoot`. */
const ENGINE_OPTIONS = Symbol('EngineOptions');
/** The checkpoint channel `forRoot` was given (npm start's API process: its spawned projector), if any. */
const GIVEN_CHECKPOINT_CHANNEL = Symbol('GivenCheckpointChannel');

const fromEngines = <K extends keyof SiteEngines>(key: K) => ({
  inject: [SITE_ENGINES],
  useFactory: (engines: SiteEngines) => engines[key],
});

/** The engines behind the ports, chosen by configuration alone, the projection runner and the embedded mail consumer. */
@Global()
@Module({
  providers: [
    { provide: APP_CONFIG, useFactory: () => loadConfig() },
    {
      provide: SITE_ENGINES,
      inject: [APP_CONFIG, CLOCK, ENGINE_OPTIONS],
      useFactory: (config: AppConfig, clock: Clock, options: SiteEngineOptions) => openSiteEngines(config, { ...options, clock }),
    },
    SiteMetrics,
    {
      provide: EVENT_STORE,
      inject: [SITE_ENGINES, SiteMetrics],
      useFactory: (engines: SiteEngines, metrics: SiteMetrics) => countingEventStore(engines.eventStore, metrics),
    },
    { provide: READ_STORE, ...fromEngines('readStore') },
    { provide: JOB_QUEUE, ...fromEngines('queue') },
    { provide: SEARCH_INDEX, ...fromEngines('searchIndex') },
    { provide: PersonalDataVault, ...fromEngines('vault') },
    { provide: PasswordHasher, useFactory: () => new PasswordHasher() },
    {
      provide: ProjectionRunner,
      inject: [SITE_ENGINES, APP_CONFIG, GIVEN_CHECKPOINT_CHANNEL],
      useFactory: (engines: SiteEngines, config: AppConfig, given: CheckpointChannel | null) => {
        const logger = new Logger('Projections');
        return new ProjectionRunner(engines.eventStore, engines.readStore, engines.projections, {
          logger,
          search: engines.search,
          // Each projection, reactor and the search writer runs in the one process holding its lease.
          leases: {},
          checkpointChannel: given ?? createCheckpointChannel(config, (message) => logger.warn(message)),
        });
      },
    },
    EventSourcedCommands,
  ],
  exports: [
    APP_CONFIG,
    SITE_ENGINES,
    SiteMetrics,
    EVENT_STORE,
    READ_STORE,
    JOB_QUEUE,
    SEARCH_INDEX,
    PersonalDataVault,
    PasswordHasher,
    ProjectionRunner,
    EventSourcedCommands,
  ],
})
export class InfrastructureModule implements OnApplicationBootstrap, OnApplicationShutdown {
  /** The clock handlers take `now` from: the system's unless a test fixes time. */
  static forRoot(
    options: { clock?: Clock; wrapKeyStore?: SiteEngineOptions['wrapKeyStore']; checkpointChannel?: CheckpointChannel } = {},
  ): DynamicModule {
    return {
      module: InfrastructureModule,
      providers: [
        { provide: CLOCK, useValue: options.clock ?? systemClock },
        { provide: ENGINE_OPTIONS, useValue: { wrapKeyStore: options.wrapKeyStore } satisfies SiteEngineOptions },
        { provide: GIVEN_CHECKPOINT_CHANNEL, useValue: options.checkpointChannel ?? null },
      ],
      exports: [CLOCK],
    };
  }

  private readonly logger = new Logger('Infrastructure');
  private mailTransport?: MailTransport;
  private unwatchAppends?: () => void;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SITE_ENGINES) private readonly engines: SiteEngines,
    private readonly runner: ProjectionRunner,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { config } = this;
    const engines = [
      config.eventStoreUrl ? 'EventStoreDB' : 'SQLite event store',
      config.mongodbUrl ? 'MongoDB' : 'SQLite read store',
      config.redisUrl ? 'BullMQ (mail sent by the worker)' : 'in-process job queue',
      config.smtpUrl ? 'SMTP' : `mail as .eml files in ${config.dataDir}/mail`,
      config.meilisearchUrl ? 'Meilisearch' : 'SQLite FTS5 search index',
    ];
    this.logger.log(`Data in ${config.dataDir}; engines: ${engines.join(', ')}; role: ${config.role}`);
    if (config.role === 'api') return; // HTTP only: projections, reactors and mail run elsewhere
    if (!config.redisUrl) {
      // Embedded: the process that runs the reactors is its own mail worker.
      const logger = new Logger('Mail');
      this.mailTransport = createMailTransport({ dataDir: config.dataDir, smtpUrl: config.smtpUrl, from: config.mailFrom, logger });
      await this.engines.queue.process(
        SEND_MAIL,
        sendMailJobHandler(
          this.mailTransport,
          (accountId, sealed) => this.engines.vault.open(accountId, sealed),
          (accountId) => this.engines.vault.isErased(accountId),
        ),
      );
    }
    await this.runner.start();
    if (config.role === 'projector') this.unwatchAppends = watchAppends(this.engines.eventStore, (message) => this.logger.warn(message));
  }

  async onApplicationShutdown(): Promise<void> {
    this.unwatchAppends?.();
    await this.runner.stop();
    await this.runner.checkpointChannel?.close();
    await this.engines.close();
    await this.mailTransport?.close();
  }
}
