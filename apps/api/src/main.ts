import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import type { AppConfig } from '@app/config';
import pino from 'pino';
import { createApp } from './create-app';
import { createLogger } from './infrastructure/logger';
import { APP_CONFIG } from './infrastructure/tokens';

async function main(): Promise<void> {
  const app = await createApp();
  const config = app.get<AppConfig>(APP_CONFIG);
  await app.listen(config.port);
  new Logger('Site').log(`Listening on ${config.publicUrl} (port ${config.port})`);
}

main().catch((error: unknown) => {
  // A JSON line like every other, on stderr, written before the process ends.
  createLogger('fatal', pino.destination({ dest: 2, sync: true })).fatal(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
