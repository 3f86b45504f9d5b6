import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import type { AppConfig } from '@app/config';
import { createApp } from './create-app';
import { APP_CONFIG } from './infrastructure/tokens';

async function main(): Promise<void> {
  const app = await createApp();
  const config = app.get<AppConfig>(APP_CONFIG);
  await app.listen(config.port);
  new Logger('Site').log(`Listening on ${config.publicUrl} (port ${config.port})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
