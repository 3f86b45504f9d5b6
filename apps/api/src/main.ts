import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { loadConfig, type AppConfig } from '@app/config';
import pino from 'pino';
import { createApp } from './create-app';
import { createLogger } from './infrastructure/logger';
import { APP_CONFIG } from './infrastructure/tokens';
import { startProjector } from './projector';

/** One entry point for every role (SITE_ROLE): `all` (npm start), `api` (HTTP only) or `projector` (no HTTP). */
async function main(): Promise<void> {
  if (loadConfig().role === 'projector') {
    await startProjector();
    new Logger('Site').log('Projector running (no HTTP port)');
    return;
  }
  const app = await createApp();
  const config = app.get<AppConfig>(APP_CONFIG);
  await app.listen(config.port);
  new Logger('Site').log(`Listening on ${config.publicUrl} (port ${config.port}, role ${config.role})`);
}

main().catch((error: unknown) => {
  // A JSON line like every other, on stderr, written before the process ends.
  createLogger('fatal', pino.destination({ dest: 2, sync: true })).fatal(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
