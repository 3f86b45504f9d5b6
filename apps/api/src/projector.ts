import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { loadConfig } from '@app/config';
import { InfrastructureModule } from './infrastructure/infrastructure.module';
import { createLogger, PinoNestLogger } from './infrastructure/logger';

/**
 * SITE_ROLE=projector: the engines and the projection runner (every projection, the search writer,
 * the reactors, and the embedded mail consumer when REDIS_URL is unset) without HTTP. Each target
 * runs only while this process holds its lease, so two projectors may run: one works, one stands by.
 */
export async function startProjector(): Promise<INestApplicationContext> {
  const logger = createLogger(loadConfig().logLevel);
  const app = await NestFactory.createApplicationContext(InfrastructureModule.forRoot(), { logger: new PinoNestLogger(logger) });
  app.enableShutdownHooks();
  return app;
}
