import { NestFactory } from '@nestjs/core';
import { Logger, type INestApplicationContext } from '@nestjs/common';
import { loadConfig } from '@app/config';
import { ProjectionRunner } from '@app/projections';
import { InfrastructureModule } from './infrastructure/infrastructure.module';
import type { SiteEngines } from './infrastructure/site-engines';
import { SITE_ENGINES } from './infrastructure/tokens';
import { createLogger, PinoNestLogger } from './infrastructure/logger';
import { healthPortOf, serveProjectorHealth } from './projector-health';

/**
 * SITE_ROLE=projector: the engines and the projection runner (every projection, the search writer,
 * the reactors, and the embedded mail consumer when REDIS_URL is unset) without HTTP. Each target
 * runs only while this process holds its lease, so two projectors may run: one works, one stands by.
 * With HEALTH_PORT set it answers its own health check there (serveProjectorHealth).
 */
export async function startProjector(): Promise<INestApplicationContext> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const app = await NestFactory.createApplicationContext(InfrastructureModule.forRoot(), { logger: new PinoNestLogger(logger) });
  app.enableShutdownHooks();
  if (config.healthPort !== undefined) {
    const server = await serveProjectorHealth(config.healthPort, app.get(ProjectionRunner), app.get<SiteEngines>(SITE_ENGINES));
    server.unref(); // the health check never keeps a stopping projector alive
    new Logger('Site').log(`Projector health on port ${healthPortOf(server)} (GET /health)`);
  }
  return app;
}
