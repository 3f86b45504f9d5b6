import { join } from 'node:path';
import type * as MongoDb from './mongodb/mongodb-read-store';
import type { ReadStore } from './read-store.port';
import { SqliteReadStore } from './sqlite/sqlite-read-store';

export interface ReadStoreConfig {
  dataDir: string;
  /** Set: MongoDB (a replica set). Unset: the embedded SQLite file `<dataDir>/read.sqlite`. */
  mongodbUrl?: string;
}

export async function createReadStore(config: ReadStoreConfig): Promise<ReadStore> {
  if (config.mongodbUrl)
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when configured: a process never loads the clients it does not use
    return (require('./mongodb/mongodb-read-store') as typeof MongoDb).MongoReadStore.connect(config.mongodbUrl);
  return new SqliteReadStore({ file: join(config.dataDir, 'read.sqlite') });
}
