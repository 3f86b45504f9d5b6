import { join } from 'node:path';
import { MongoReadStore } from './mongodb/mongodb-read-store';
import type { ReadStore } from './read-store.port';
import { SqliteReadStore } from './sqlite/sqlite-read-store';

export interface ReadStoreConfig {
  dataDir: string;
  /** Set: MongoDB (a replica set). Unset: the embedded SQLite file `<dataDir>/read.sqlite`. */
  mongodbUrl?: string;
}

export async function createReadStore(config: ReadStoreConfig): Promise<ReadStore> {
  if (config.mongodbUrl) return MongoReadStore.connect(config.mongodbUrl);
  return new SqliteReadStore({ file: join(config.dataDir, 'read.sqlite') });
}
