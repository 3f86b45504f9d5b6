import type { AppConfig } from '@app/config';
import { createEventStore, type EventStore } from '@app/event-store';
import { createKeyStore, PersonalDataVault, type KeyStore } from '@app/personal-data';
import { createJobQueue, type JobQueue } from '@app/queue';
import { createReadStore, type ReadStore } from '@app/read-store';
import { createProjections, searchProjection, type Projection, type SearchTargetConfig } from '@app/projections';
import { createSearchIndex, type SearchIndex } from '@app/search-index';

/** The engines behind every port, chosen by configuration alone; the API opens them, and so does the operator CLI (through `@app/api`). */
export interface SiteEngines {
  eventStore: EventStore;
  readStore: ReadStore;
  keyStore: KeyStore;
  vault: PersonalDataVault;
  queue: JobQueue;
  /** FTS5 in `<DATA_DIR>/search.sqlite`, or Meilisearch when MEILISEARCH_URL is set. */
  searchIndex: SearchIndex;
  projections: Projection[];
  /** The search projection with its index: the runner and the CLI run it beside the read-store projections. */
  search: SearchTargetConfig;
  close(): Promise<void>;
}

export interface SiteEngineOptions {
  /** The site's clock (the reactors tell expired requests by it); the system clock by default. */
  clock?: () => Date;
  /** Fault injection (test/faults): wraps the key store every part of the site uses. */
  wrapKeyStore?: (keyStore: KeyStore) => KeyStore;
}

export async function openSiteEngines(config: AppConfig, options: SiteEngineOptions = {}): Promise<SiteEngines> {
  const eventStore = createEventStore(config);
  const readStore = await createReadStore(config);
  const opened = await createKeyStore(config);
  const keyStore = options.wrapKeyStore ? options.wrapKeyStore(opened) : opened;
  const vault = new PersonalDataVault(keyStore);
  const queue = createJobQueue({ dataDir: config.dataDir, redisUrl: config.redisUrl });
  const searchIndex = createSearchIndex(config);
  const bumped = <P extends { name: string; version: number }>(projection: P): P =>
    config.projectionVersionBumps.includes(projection.name) ? { ...projection, version: projection.version + 1 } : projection;
  const projections = createProjections({
    eventStore,
    readStore,
    vault,
    queue,
    publicUrl: config.publicUrl,
    credentialLinkSecret: config.credentialLinkSecret,
    clock: options.clock,
  }).map(bumped);
  return {
    eventStore,
    readStore,
    keyStore,
    vault,
    queue,
    searchIndex,
    projections,
    search: { index: searchIndex, projection: bumped(searchProjection) },
    async close() {
      await queue.close();
      await searchIndex.close();
      await keyStore.close();
      await readStore.close();
      await eventStore.close();
    },
  };
}
