import { join } from 'node:path';
import type { EventStore } from './event-store.port';
import type * as EventStoreDb from './eventstoredb/eventstoredb-event-store';
import { SqliteEventStore } from './sqlite/sqlite-event-store';

export interface EventStoreConfig {
  /** Where the SQLite file lives when no EventStoreDB is configured. */
  dataDir: string;
  /** `esdb://…` connection string; when set, EventStoreDB is the event store. */
  eventStoreUrl?: string;
}

/** EventStoreDB when a URL is configured, otherwise SQLite at `<dataDir>/events.sqlite`. */
export function createEventStore(config: EventStoreConfig): EventStore {
  if (config.eventStoreUrl)
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when configured: a process never loads the clients it does not use
    return (require('./eventstoredb/eventstoredb-event-store') as typeof EventStoreDb).EventStoreDbEventStore.connect(config.eventStoreUrl);
  return new SqliteEventStore(join(config.dataDir, 'events.sqlite'));
}
