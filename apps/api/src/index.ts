// What other apps and the cross-app tests use of the API: building the site, the engines it opens, and its ports.
// Nothing here loads Nest: the operator CLI imports it (tests that need a provider's class import it by path, `@app/api/...`).
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AppOptions } from './app.module';

export type { AppOptions } from './app.module';
export { openSiteEngines, type SiteEngines } from './infrastructure/site-engines';
export { APP_CONFIG, CLOCK, EVENT_STORE, JOB_QUEUE, READ_STORE, SEARCH_INDEX, type Clock } from './infrastructure/tokens';

/**
 * Builds the whole site without listening (see create-app.ts). Loaded on the first call, so the
 * operator CLI, which only opens the engines, does not load Nest's HTTP stack and Swagger.
 */
export async function createApp(options: AppOptions & { logger?: false } = {}): Promise<NestExpressApplication> {
  const { createApp: create } = await import('./create-app');
  return create(options);
}
export { eraseAccount, recordErasure } from './profiles/erase-account';
