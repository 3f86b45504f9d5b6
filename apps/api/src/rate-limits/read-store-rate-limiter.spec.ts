import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { SqliteReadStore, type ReadStore } from '@app/read-store';
import { MongoReadStore } from '@app/read-store/mongodb/mongodb-read-store';
import { describeRateLimiterContract } from './rate-limiter.contract';
import { RATE_LIMITS_COLLECTION, ReadStoreRateLimiter } from './read-store-rate-limiter';
import type { RateLimiter } from './rate-limiter.port';

/** The limiter does not close the read store (the site does): each open closes its store with it here. */
const closingStore = (limiter: RateLimiter, store: ReadStore): RateLimiter => ({
  take: (...args) => limiter.take(...args),
  release: (...args) => limiter.release(...args),
  clear: (...args) => limiter.clear(...args),
  close: () => store.close(),
});

describeRateLimiterContract('read store (SQLite)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'rate-limits-'));
  return {
    open: async () => {
      const store = new SqliteReadStore({ file: join(dir, 'read.sqlite') });
      return closingStore(new ReadStoreRateLimiter(store), store);
    },
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

const mongodbUrl = process.env.MONGODB_URL;
if (mongodbUrl) {
  describeRateLimiterContract('read store (MongoDB)', async () => {
    // Fresh subjects per test are not enough (the racing test shares one): a database per test.
    const url = mongodbUrl.replace(/\/([^/?]*)(\?|$)/, `/rate-limits-${randomUUID().slice(0, 8)}$2`);
    return {
      open: async () => {
        const store = await MongoReadStore.connect(url);
        return closingStore(new ReadStoreRateLimiter(store), store);
      },
      dispose: async () => {
        const store = await MongoReadStore.connect(url);
        await store.transaction((tx) => tx.dropCollection(RATE_LIMITS_COLLECTION));
        await store.close();
      },
    };
  });
} else {
  it.todo('RateLimiter contract on the MongoDB read store: set MONGODB_URL to run it');
}
