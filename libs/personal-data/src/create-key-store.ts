import { ErasureLedger } from './erasure-ledger';
import type { KeyStore } from './key-store.port';
import type * as MongoDb from './mongodb-key-store';
import { SqliteKeyStore } from './sqlite-key-store';

export interface KeyStoreOptions {
  dataDir: string;
  mongodbUrl?: string;
}

/** MongoDB when MONGODB_URL is configured, else `<dataDir>/keys.sqlite`; the erasure ledger is `<dataDir>/erasure-ledger` either way. */
export async function createKeyStore({ dataDir, mongodbUrl }: KeyStoreOptions): Promise<KeyStore> {
  const ledger = ErasureLedger.inDataDir(dataDir);
  if (!mongodbUrl) return SqliteKeyStore.open(dataDir, ledger);
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when configured: a process never loads the clients it does not use
  return (require('./mongodb-key-store') as typeof MongoDb).MongoKeyStore.connect(mongodbUrl, { ledger });
}
