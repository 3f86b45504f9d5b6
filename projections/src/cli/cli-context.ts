import { loadConfig, type AppConfig } from '@app/config';
import { createEventStore, type EventStore } from '@app/event-store';
import { createReadStore, type ReadStore } from '@app/read-store';

export class CliError extends Error {}

export interface CliContext {
  config: AppConfig;
  eventStore: EventStore;
  readStore: ReadStore;
}

/** Opens the engines the site is configured with, runs the command, and always closes them. */
export async function withEngines<T>(work: (context: CliContext) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const eventStore = createEventStore(config);
  const readStore = await createReadStore(config);
  try {
    return await work({ config, eventStore, readStore });
  } finally {
    await readStore.close();
    await eventStore.close();
  }
}
