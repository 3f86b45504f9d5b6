import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { loadConfig, type AppConfig } from '@app/config';
import { loadRichTextSanitizer } from '@app/domain';
import pino from 'pino';
import { createApp } from './create-app';
import { createLogger } from './infrastructure/logger';
import { APP_CONFIG } from './infrastructure/tokens';
import { startProjector } from './projector';
import { PROJECTOR_READY, SpawnedProjector } from './spawned-projector';

/**
 * One entry point for every role (SITE_ROLE): `all` (npm start: the API here, the projections in a
 * projector process it spawns, see SpawnedProjector), `api` (HTTP only) or `projector` (no HTTP).
 */
async function main(): Promise<void> {
  const role = loadConfig().role;
  if (role === 'projector') {
    const projector = await startProjector();
    new Logger('Projector').log('Projector running (no HTTP port)');
    if (process.env.SITE_PROJECTOR_IPC === '1') {
      // Spawned by npm start's API process: it stops with it (the IPC channel closes when the parent ends).
      process.once('disconnect', () => void projector.close().then(() => process.exit(0)));
      // Ctrl-C reaches the whole process group: the parent stops this process (SIGTERM), it does not die on its own first.
      process.removeAllListeners('SIGINT').on('SIGINT', () => undefined);
      process.send?.(PROJECTOR_READY);
    }
    return;
  }
  let spawned: SpawnedProjector | undefined;
  let projectorRunning: Promise<void> = Promise.resolve();
  if (role === 'all') {
    spawned = new SpawnedProjector(process.argv[1], new Logger('Projector process'));
    projectorRunning = spawned.start(); // forks at once; both start side by side
    process.env.SITE_ROLE = 'api'; // this process: HTTP only
  }
  const [app] = await Promise.all([createApp({ checkpointChannel: spawned }), projectorRunning]);
  const config = app.get<AppConfig>(APP_CONFIG);
  await app.listen(config.port);
  // Not on the first post's path: it would load sanitize-html and its parser while its author waits.
  setImmediate(loadRichTextSanitizer);
  const roles = spawned ? `role all: the API here, the projector in process ${spawned.pid}` : `role ${config.role}`;
  new Logger('Site').log(`Listening on ${config.publicUrl} (port ${config.port}, ${roles})`);
}

main().catch((error: unknown) => {
  // A JSON line like every other, on stderr, written before the process ends.
  createLogger('fatal', pino.destination({ dest: 2, sync: true })).fatal(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
