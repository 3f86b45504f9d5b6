import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { describeKeyStoreContract } from './key-store.contract';
import { MongoKeyStore } from './mongodb-key-store';

const mongodbUrl = process.env.MONGODB_URL;

if (mongodbUrl) {
  describeKeyStoreContract('MongoDB', async () => {
    const dbName = `keys_test_${randomUUID().replaceAll('-', '')}`;
    return {
      open: () => MongoKeyStore.connect(mongodbUrl, { dbName }),
      dispose: async () => {
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
