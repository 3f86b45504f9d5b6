import { loadConfig, type AppConfig } from '@app/config';
import { openSiteEngines, type SiteEngines } from '@app/api';

export class CliError extends Error {}

export interface CliContext extends SiteEngines {
  config: AppConfig;
}

/** Opens the engines the site is configured with, runs the command, and always closes them. */
export async function withEngines<T>(work: (context: CliContext) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const engines = await openSiteEngines(config);
  try {
    return await work({ config, ...engines });
  } finally {
    await engines.close();
  }
}
