import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { ErasureLedger } from './erasure-ledger';
import { describeKeyStoreContract } from './key-store.contract';
import { MongoKeyStore } from './mongodb-key-store';

const mongodbUrl = process.env.MONGODB_URL;

if (mongodbUrl) {
  describeKeyStoreContract('MongoDB', async () => {
    const dbName = `keys_test_${randomUUID().replaceAll('-', '')}`;
    const dataDir = mkdtempSync(join(tmpdir(), 'keys-ledger-'));
    const ledger = ErasureLedger.inDataDir(dataDir);
    return {
      open: () => MongoKeyStore.connect(mongodbUrl, { dbName, ledger }),
      ledger,
      dispose: async () => {
        rmSync(dataDir, { recursive: true, force: true });
        const client = await MongoClient.connect(mongodbUrl);
        await client.db(dbName).dropDatabase();
        await client.close();
      },
    };
  });
} else {
  describe('KeyStore contract: MongoDB', () => {
    it.todo('runs when MONGODB_URL is set');
  });
}
