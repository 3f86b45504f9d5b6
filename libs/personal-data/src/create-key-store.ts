import type { KeyStore } from './key-store.port';
import { MongoKeyStore } from './mongodb-key-store';
import { SqliteKeyStore } from './sqlite-key-store';

export interface KeyStoreOptions {
  dataDir: string;
  mongodbUrl?: string;
}

/** MongoDB when MONGODB_URL is configured, else `<dataDir>/keys.sqlite`. */
export async function createKeyStore({ dataDir, mongodbUrl }: KeyStoreOptions): Promise<KeyStore> {
  return mongodbUrl ? MongoKeyStore.connect(mongodbUrl) : SqliteKeyStore.open(dataDir);
}
