import { MongoClient } from 'mongodb';
import { parseFilter, parseFindOptions } from '../filter';
import { CONTRACT_NAME_PREFIX, describeReadStoreContract } from '../read-store.contract';
import { mongoFilter, mongoIndexKeys, mongoSort } from './mongodb-query';
import { databaseNameOf, MongoReadStore } from './mongodb-read-store';

const mongodbUrl = process.env.MONGODB_URL;

if (mongodbUrl) {
  describeReadStoreContract('MongoDB', () => MongoReadStore.connect(mongodbUrl));

  // The contract only uses names with its own prefix: remove exactly those from the shared database.
  afterAll(async () => {
    const client = await MongoClient.connect(mongodbUrl);
    try {
      const db = client.db(databaseNameOf(mongodbUrl));
      // Logical names, and the generations (`_g_<name>_...`) they point at.
      const collections = await db.listCollections({ name: { $regex: `^(_g_)?${CONTRACT_NAME_PREFIX}` } }, { nameOnly: true }).toArray();
      for (const { name } of collections) await db.dropCollection(name);
      await db.collection<{ _id: string }>('_checkpoints').deleteMany({ _id: { $regex: `^${CONTRACT_NAME_PREFIX}` } });
      await db.collection<{ _id: string }>('_generations').deleteMany({ _id: { $regex: `^${CONTRACT_NAME_PREFIX}` } });
      await db.collection<{ _id: string }>('_collection_changes').deleteMany({ _id: { $regex: `^${CONTRACT_NAME_PREFIX}` } });
      await db.collection<{ _id: string }>('_document_changes').deleteMany({ _id: { $regex: `^${CONTRACT_NAME_PREFIX}` } });
    } finally {
      await client.close();
    }
  });
} else {
  it.todo('runs against MongoDB when MONGODB_URL is set');
}

describe('MongoDB query translation', () => {
  it('maps every operator onto its MongoDB twin, and id onto _id', () => {
    const filter = parseFilter({
      id: { $in: ['a', 'b'] },
      title: 'x',
      published: true,
      tag: null,
      'author.name': { $ne: 'ada' },
      score: { $gte: 1, $lt: 10 },
    });
    expect(mongoFilter(filter)).toEqual({
      _id: { $in: ['a', 'b'] },
      title: { $eq: 'x' },
      published: { $eq: true },
      tag: { $eq: null },
      'author.name': { $ne: 'ada' },
      score: { $gte: 1, $lt: 10 },
    });
  });

  it('keeps the order of sort keys and index fields', () => {
    expect(
      mongoSort(
        parseFindOptions({
          sort: [
            ['b', -1],
            ['2', 1],
            ['id', 1],
          ],
        }),
      ),
    ).toEqual([
      ['b', -1],
      ['2', 1],
      ['_id', 1],
    ]);
    expect(mongoSort(parseFindOptions({}))).toBeUndefined();
    expect(mongoIndexKeys(['visibility', 'createdAt'])).toEqual([
      ['visibility', 1],
      ['createdAt', 1],
    ]);
  });

  it('takes the database from the URL path, else devcommunity', () => {
    expect(databaseNameOf('mongodb://localhost:27017/site?replicaSet=rs0')).toBe('site');
    expect(databaseNameOf('mongodb://user:p%40ss@a:1,b:2/other')).toBe('other');
    expect(databaseNameOf('mongodb+srv://cluster.example.net/prod?retryWrites=true')).toBe('prod');
    expect(databaseNameOf('mongodb://localhost:27017/?replicaSet=rs0')).toBe('devcommunity');
    expect(databaseNameOf('mongodb://localhost:27017')).toBe('devcommunity');
  });
});
