import { randomUUID } from 'node:crypto';
import type { ReadDocument, ReadStore } from './read-store.port';

/**
 * Every collection and checkpoint the contract touches starts with this, unique per test file
 * run, so the suite can share a real database and its spec can clean up after it.
 */
export const CONTRACT_NAME_PREFIX = `contract_${randomUUID().slice(0, 8)}_`;

interface Post extends ReadDocument {
  title: string;
  score?: number | boolean | string | null;
  published?: boolean;
  tag?: string | null;
  author?: { name: string; karma: number };
}

const POSTS: Post[] = [
  { id: 'p1', title: 'Alpha', score: 10, published: true, tag: 'ts', author: { name: 'ada', karma: 5 } },
  { id: 'p2', title: 'beta', score: 2, published: false, tag: null, author: { name: 'bob', karma: 50 } },
  { id: 'p3', title: 'Gamma', score: 2, published: true, author: { name: 'ada', karma: 7 } },
  { id: 'p4', title: 'delta', score: -3.5, published: false, tag: 'js', author: { name: 'cy', karma: 5 } },
  { id: 'p5', title: 'Epsilon', score: 1, published: true, tag: 'ts', author: { name: 'bob', karma: 0 } },
];

const ids = (documents: readonly ReadDocument[]) => documents.map((document) => document.id);
const sorted = (documents: readonly ReadDocument[]) => ids(documents).sort();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The one suite every ReadStore adapter passes. `makeStore` is called before each test and the
 * store closed after it; tests only use fresh, unique collection and checkpoint names.
 */
export function describeReadStoreContract(name: string, makeStore: () => Promise<ReadStore>): void {
  describe(`ReadStore contract: ${name}`, () => {
    let store: ReadStore;
    let counter = 0;
    const unique = (label: string) => `${CONTRACT_NAME_PREFIX}${label}_${(counter += 1)}`;

    const seedPosts = async () => {
      const collection = unique('posts');
      await store.transaction(async (tx) => {
        for (const post of POSTS) await tx.upsert(collection, post);
      });
      return collection;
    };

    beforeEach(async () => {
      store = await makeStore();
    });

    afterEach(async () => {
      await store.close();
    });

    describe('documents', () => {
      it('upserts, gets, replaces the whole document and deletes', async () => {
        const users = unique('users');
        await store.transaction((tx) => tx.upsert(users, { id: 'u1', name: 'Ada', nested: { langs: ['ts', 'sql'] }, bio: 'hi' }));
        expect(await store.get(users, 'u1')).toEqual({ id: 'u1', name: 'Ada', nested: { langs: ['ts', 'sql'] }, bio: 'hi' });

        await store.transaction((tx) => tx.upsert(users, { id: 'u1', name: 'Ada L.' }));
        expect(await store.get(users, 'u1')).toEqual({ id: 'u1', name: 'Ada L.' });

        await store.transaction((tx) => tx.delete(users, 'u1'));
        expect(await store.get(users, 'u1')).toBeNull();
        await store.transaction((tx) => tx.delete(users, 'never-existed'));
      });

      it('keeps every live document and checkpoint through purgeDeleted (after an erasure), and goes on', async () => {
        const users = unique('users');
        await store.transaction(async (tx) => {
          await tx.upsert(users, { id: 'u1', name: 'Ada' });
          await tx.upsert(users, { id: 'u2', name: 'Bob' });
          await tx.setCheckpoint(users, 7n);
        });
        await store.transaction((tx) => tx.delete(users, 'u1'));
        await store.purgeDeleted();
        expect(await store.find(users)).toEqual([{ id: 'u2', name: 'Bob' }]);
        expect(await store.getCheckpoint(users)).toBe(7n);
        await store.transaction((tx) => tx.upsert(users, { id: 'u3', name: 'Cy' }));
        expect(await store.count(users)).toBe(2);
      });

      it('stores documents as JSON', async () => {
        const users = unique('users');
        await store.transaction((tx) => tx.upsert(users, { id: 'u1', at: new Date('2026-01-02T03:04:05.000Z'), gone: undefined }));
        expect(await store.get(users, 'u1')).toEqual({ id: 'u1', at: '2026-01-02T03:04:05.000Z' });
      });

      it('reads a collection that does not exist as empty', async () => {
        const missing = unique('missing');
        expect(await store.get(missing, 'x')).toBeNull();
        expect(await store.find(missing, { a: 1 }, { sort: [['a', 1]] })).toEqual([]);
        expect(await store.count(missing)).toBe(0);
        await store.transaction(async (tx) => {
          expect(await tx.get(missing, 'x')).toBeNull();
          expect(await tx.find(missing)).toEqual([]);
        });
      });

      it('rejects collection names that are not plain identifiers', async () => {
        for (const bad of ['', 'a b', 'x"; DROP TABLE checkpoints; --', '../etc', 'a.b', '_checkpoints', '$cmd']) {
          await expect(store.get(bad, 'x')).rejects.toThrow(/collection name/);
          await expect(store.transaction((tx) => tx.upsert(bad, { id: 'x' }))).rejects.toThrow(/collection name/);
        }
      });

      it('rejects a document without a string id', async () => {
        const users = unique('users');
        await expect(store.transaction((tx) => tx.upsert(users, { id: '' }))).rejects.toThrow(/id/);
        await expect(store.transaction((tx) => tx.upsert(users, { id: 7 } as unknown as ReadDocument))).rejects.toThrow(/id/);
      });
    });

    describe('find', () => {
      it('returns every document without a filter, and counts them', async () => {
        const posts = await seedPosts();
        expect(sorted(await store.find(posts))).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
        expect(await store.count(posts)).toBe(5);
        expect(await store.count(posts, { published: true })).toBe(3);
      });

      it('filters by equality on strings, numbers, booleans and ids', async () => {
        const posts = await seedPosts();
        expect(sorted(await store.find(posts, { tag: 'ts' }))).toEqual(['p1', 'p5']);
        expect(sorted(await store.find(posts, { score: 2 }))).toEqual(['p2', 'p3']);
        expect(sorted(await store.find(posts, { score: -3.5 }))).toEqual(['p4']);
        expect(sorted(await store.find(posts, { published: true }))).toEqual(['p1', 'p3', 'p5']);
        expect(sorted(await store.find(posts, { published: false }))).toEqual(['p2', 'p4']);
        expect(sorted(await store.find(posts, { id: 'p3' }))).toEqual(['p3']);
        expect(sorted(await store.find(posts, { published: true, tag: 'ts', score: 1 }))).toEqual(['p5']);
        expect(await store.find(posts, { title: 'alpha' })).toEqual([]);
      });

      it('never matches a value of another type (true is not 1, "2" is not 2)', async () => {
        const values = unique('values');
        await store.transaction(async (tx) => {
          await tx.upsert(values, { id: 'true', v: true });
          await tx.upsert(values, { id: 'one', v: 1 });
          await tx.upsert(values, { id: 'string-one', v: '1' });
          await tx.upsert(values, { id: 'false', v: false });
          await tx.upsert(values, { id: 'zero', v: 0 });
        });
        expect(ids(await store.find(values, { v: true }))).toEqual(['true']);
        expect(ids(await store.find(values, { v: 1 }))).toEqual(['one']);
        expect(ids(await store.find(values, { v: '1' }))).toEqual(['string-one']);
        expect(ids(await store.find(values, { v: false }))).toEqual(['false']);
        expect(ids(await store.find(values, { v: 0 }))).toEqual(['zero']);
        expect(sorted(await store.find(values, { v: { $in: [true, '1'] } }))).toEqual(['string-one', 'true']);
        expect(sorted(await store.find(values, { v: { $ne: 1 } }))).toEqual(['false', 'string-one', 'true', 'zero']);
        expect(sorted(await store.find(values, { v: { $gte: 0 } }))).toEqual(['one', 'zero']);
        expect(sorted(await store.find(values, { v: { $gt: false } }))).toEqual(['true']);
        expect(sorted(await store.find(values, { v: { $lt: 'z' } }))).toEqual(['string-one']);
      });

      it('matches null on null and on missing fields', async () => {
        const posts = await seedPosts();
        expect(sorted(await store.find(posts, { tag: null }))).toEqual(['p2', 'p3']);
        expect(sorted(await store.find(posts, { tag: { $ne: null } }))).toEqual(['p1', 'p4', 'p5']);
        expect(sorted(await store.find(posts, { nowhere: null }))).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
        expect(sorted(await store.find(posts, { tag: { $in: [null, 'js'] } }))).toEqual(['p2', 'p3', 'p4']);
      });

      it('filters with $ne, which also matches documents missing the field', async () => {
        const posts = await seedPosts();
        expect(sorted(await store.find(posts, { tag: { $ne: 'ts' } }))).toEqual(['p2', 'p3', 'p4']);
        expect(sorted(await store.find(posts, { published: { $ne: true } }))).toEqual(['p2', 'p4']);
      });

      it('filters with $in', async () => {
        const posts = await seedPosts();
        expect(sorted(await store.find(posts, { id: { $in: ['p1', 'p4', 'nope'] } }))).toEqual(['p1', 'p4']);
        expect(sorted(await store.find(posts, { score: { $in: [1, 10] } }))).toEqual(['p1', 'p5']);
        expect(await store.find(posts, { score: { $in: [] } })).toEqual([]);
      });

      it('filters with $in over thousands of values (a popular post has that many likers)', async () => {
        const posts = await seedPosts();
        const many = [...Array.from({ length: 3000 }, (_, index) => `nope-${index}`), 'p2'];
        expect(sorted(await store.find(posts, { id: { $in: many } }))).toEqual(['p2']);
      });

      it('filters with $lt, $lte, $gt and $gte on numbers and strings, alone or combined', async () => {
        const posts = await seedPosts();
        expect(sorted(await store.find(posts, { score: { $lt: 2 } }))).toEqual(['p4', 'p5']);
        expect(sorted(await store.find(posts, { score: { $lte: 2 } }))).toEqual(['p2', 'p3', 'p4', 'p5']);
        expect(sorted(await store.find(posts, { score: { $gt: 2 } }))).toEqual(['p1']);
        expect(sorted(await store.find(posts, { score: { $gte: 2 } }))).toEqual(['p1', 'p2', 'p3']);
        expect(sorted(await store.find(posts, { score: { $gt: -4, $lt: 2 } }))).toEqual(['p4', 'p5']);
        // Numbers compare as numbers (10 > 2), strings byte-wise (uppercase before lowercase).
        expect(sorted(await store.find(posts, { title: { $gte: 'Alpha', $lt: 'a' } }))).toEqual(['p1', 'p3', 'p5']);
        expect(sorted(await store.find(posts, { id: { $gt: 'p3' } }))).toEqual(['p4', 'p5']);
      });

      it('filters on dotted paths into nested objects', async () => {
        const posts = await seedPosts();
        expect(sorted(await store.find(posts, { 'author.name': 'ada' }))).toEqual(['p1', 'p3']);
        expect(sorted(await store.find(posts, { 'author.karma': { $gte: 7 } }))).toEqual(['p2', 'p3']);
        expect(sorted(await store.find(posts, { 'author.name': 'bob', 'author.karma': 0 }))).toEqual(['p5']);
        expect(await store.count(posts, { 'author.name': { $in: ['cy'] } })).toBe(1);
      });

      it('rejects unknown operators and values that are not scalars', async () => {
        const posts = await seedPosts();
        await expect(store.find(posts, { score: { $regex: 'x' } as never })).rejects.toThrow(/\$regex/);
        await expect(store.find(posts, { score: {} as never })).rejects.toThrow(/Empty condition/);
        await expect(store.find(posts, { score: undefined as never })).rejects.toThrow(/score/);
        await expect(store.find(posts, { "x'); --": 1 })).rejects.toThrow(/field path/);
      });

      it('sorts by several keys, ascending and descending, numbers numerically and strings byte-wise', async () => {
        const posts = await seedPosts();
        const sortedBy = async (...sort: (readonly [string, 1 | -1])[]) => ids(await store.find(posts, {}, { sort }));
        expect(await sortedBy(['score', 1])).toEqual(['p4', 'p5', expect.any(String), expect.any(String), 'p1']);
        expect(await sortedBy(['score', -1], ['title', 1])).toEqual(['p1', 'p3', 'p2', 'p5', 'p4']);
        expect(await sortedBy(['score', -1], ['title', -1])).toEqual(['p1', 'p2', 'p3', 'p5', 'p4']);
        expect(await sortedBy(['title', 1])).toEqual(['p1', 'p5', 'p3', 'p2', 'p4']);
        expect(await sortedBy(['author.karma', 1], ['id', -1])).toEqual(['p5', 'p4', 'p1', 'p3', 'p2']);
        expect(ids(await store.find(posts, { published: true }, { sort: [['id', -1]] }))).toEqual(['p5', 'p3', 'p1']);
      });

      it('sorts, then skips, then limits', async () => {
        const posts = await seedPosts();
        const byTitle = { sort: [['title', 1]] } as const;
        expect(ids(await store.find(posts, {}, { ...byTitle, limit: 2 }))).toEqual(['p1', 'p5']);
        expect(ids(await store.find(posts, {}, { ...byTitle, skip: 1, limit: 2 }))).toEqual(['p5', 'p3']);
        expect(ids(await store.find(posts, {}, { ...byTitle, skip: 3 }))).toEqual(['p2', 'p4']);
        expect(ids(await store.find(posts, {}, { ...byTitle, skip: 10 }))).toEqual([]);
        expect(await store.find(posts, {}, { ...byTitle, limit: 0 })).toEqual([]);
        expect(ids(await store.find(posts, { published: true }, { sort: [['score', 1]], limit: 2 }))).toEqual(['p5', 'p3']);
      });

      it('answers the same with indexes declared, and declaring them again changes nothing', async () => {
        const posts = await seedPosts();
        const indexes = [['published', 'score'], ['author.name'], ['id', 'title']] as const;
        await store.ensureIndexes(posts, indexes);
        await store.ensureIndexes(posts, indexes);
        expect(ids(await store.find(posts, { published: true }, { sort: [['score', -1]] }))).toEqual(['p1', 'p3', 'p5']);
        expect(sorted(await store.find(posts, { 'author.name': 'ada' }))).toEqual(['p1', 'p3']);
        await store.ensureIndexes(unique('not-yet-written'), [['createdAt']]);
      });
    });

    describe('transactions', () => {
      it('returns what the work returns, and reads its own writes', async () => {
        const users = unique('users');
        const result = await store.transaction(async (tx) => {
          await tx.upsert(users, { id: 'u1', n: 1 });
          expect(await tx.get(users, 'u1')).toEqual({ id: 'u1', n: 1 });
          expect(ids(await tx.find(users, { n: 1 }))).toEqual(['u1']);
          return 'done';
        });
        expect(result).toBe('done');
      });

      it('rolls back every write, checkpoint included, when the work throws', async () => {
        const users = unique('users');
        const checkpoint = unique('checkpoint');
        await store.transaction(async (tx) => {
          await tx.upsert(users, { id: 'kept', n: 1 });
          await tx.setCheckpoint(checkpoint, 5n);
        });
        const failure = new Error('projection failed half-way');
        await expect(
          store.transaction(async (tx) => {
            await tx.upsert(users, { id: 'kept', n: 2 });
            await tx.upsert(users, { id: 'new', n: 1 });
            await tx.delete(users, 'kept');
            await tx.setCheckpoint(checkpoint, 9n);
            throw failure;
          }),
        ).rejects.toBe(failure);
        expect(await store.get(users, 'kept')).toEqual({ id: 'kept', n: 1 });
        expect(await store.get(users, 'new')).toBeNull();
        expect(await store.getCheckpoint(checkpoint)).toBe(5n);
        // The store is still usable afterwards.
        await store.transaction((tx) => tx.setCheckpoint(checkpoint, 6n));
        expect(await store.getCheckpoint(checkpoint)).toBe(6n);
      });

      it('hides uncommitted writes from reads outside the transaction', async () => {
        const users = unique('users');
        const checkpoint = unique('checkpoint');
        await store.transaction(async (tx) => {
          await tx.upsert(users, { id: 'u1', n: 1 });
          await tx.setCheckpoint(checkpoint, 1n);
          expect(await store.get(users, 'u1')).toBeNull();
          expect(await store.find(users)).toEqual([]);
          expect(await store.count(users)).toBe(0);
          expect(await store.getCheckpoint(checkpoint)).toBeNull();
        });
        expect(await store.get(users, 'u1')).toEqual({ id: 'u1', n: 1 });
        expect(await store.getCheckpoint(checkpoint)).toBe(1n);
      });

      it('runs concurrent transactions one after the other, so no read-modify-write loses an update', async () => {
        const counters = unique('counters');
        const increment = () =>
          store.transaction(async (tx) => {
            const counter = await tx.get<{ id: string; value: number }>(counters, 'c');
            await pause(10);
            await tx.upsert(counters, { id: 'c', value: (counter?.value ?? 0) + 1 });
          });
        await Promise.all([increment(), increment(), increment(), increment(), increment()]);
        expect(await store.get(counters, 'c')).toEqual({ id: 'c', value: 5 });
      });

      it('refuses writes through a transaction that has ended', async () => {
        const users = unique('users');
        let leaked: Parameters<Parameters<ReadStore['transaction']>[0]>[0] | undefined;
        await store.transaction(async (tx) => {
          leaked = tx;
        });
        await expect(leaked!.upsert(users, { id: 'late' })).rejects.toThrow(/ended/);
        await expect(leaked!.get(users, 'late')).rejects.toThrow(/ended/);
        expect(await store.get(users, 'late')).toBeNull();
      });

      it('reads its own many writes of one document, deletes and re-creations, and stores the last of each', async () => {
        const posts = unique('posts');
        await store.transaction((tx) => tx.upsert(posts, { id: 'old', likes: 0 }));
        await store.transaction(async (tx) => {
          for (let like = 1; like <= 50; like += 1) {
            const post = await tx.get<{ id: string; likes: number }>(posts, 'old');
            await tx.upsert(posts, { id: 'old', likes: post!.likes + 1 });
          }
          await tx.upsert(posts, { id: 'gone', likes: 1 });
          await tx.delete(posts, 'gone');
          expect(await tx.get(posts, 'gone')).toBeNull();
          await tx.delete(posts, 'back');
          await tx.upsert(posts, { id: 'back', likes: 2 });
          expect(sorted(await tx.find(posts))).toEqual(['back', 'old']);
          expect(await tx.get(posts, 'old')).toEqual({ id: 'old', likes: 50 });
          await tx.upsert(posts, { id: 'old', likes: 51 });
        });
        expect(await store.find(posts, {}, { sort: [['id', 1]] })).toEqual([
          { id: 'back', likes: 2 },
          { id: 'old', likes: 51 },
        ]);
      });

      it('stores a document as it was when upserted, not as the caller changes it afterwards', async () => {
        const posts = unique('posts');
        await store.transaction(async (tx) => {
          const post = { id: 'p', tags: ['a'] };
          await tx.upsert(posts, post);
          post.tags.push('b');
          const read = await tx.get<{ id: string; tags: string[] }>(posts, 'p');
          expect(read).toEqual({ id: 'p', tags: ['a'] });
          read!.tags.push('c');
          expect(await tx.get(posts, 'p')).toEqual({ id: 'p', tags: ['a'] });
        });
        expect(await store.get(posts, 'p')).toEqual({ id: 'p', tags: ['a'] });
      });

      it('keeps every write of a transaction larger than what it holds in memory, and rolls all of it back', async () => {
        const posts = unique('posts');
        const checkpoint = unique('checkpoint');
        const write = (tx: Parameters<Parameters<ReadStore['transaction']>[0]>[0], count: number, round: number) =>
          Promise.all(Array.from({ length: count }, (_, index) => tx.upsert(posts, { id: `p${index}`, round })));
        await store.transaction(async (tx) => {
          await write(tx, 5000, 1);
          await tx.setCheckpoint(checkpoint, 1n);
        });
        expect(await store.count(posts)).toBe(5000);
        expect(await store.count(posts, { round: 1 })).toBe(5000);
        await expect(
          store.transaction(async (tx) => {
            await write(tx, 5000, 2);
            await tx.delete(posts, 'p0');
            expect(await tx.get(posts, 'p1')).toEqual({ id: 'p1', round: 2 });
            await tx.setCheckpoint(checkpoint, 2n);
            throw new Error('late failure');
          }),
        ).rejects.toThrow('late failure');
        expect(await store.count(posts, { round: 1 })).toBe(5000);
        expect(await store.getCheckpoint(checkpoint)).toBe(1n);
      });

      it('drops and renames collections with the writes made before in the same transaction', async () => {
        const shadow = unique('shadow');
        const live = unique('live');
        const scratch = unique('scratch');
        await store.transaction(async (tx) => {
          await tx.upsert(scratch, { id: 's' });
          await tx.dropCollection(scratch);
          await tx.upsert(shadow, { id: 'new' });
          await tx.renameCollection(shadow, live);
          expect(await tx.get(shadow, 'new')).toBeNull();
          expect(await tx.get(live, 'new')).toEqual({ id: 'new' });
        });
        expect(await store.find(scratch)).toEqual([]);
        expect(ids(await store.find(live))).toEqual(['new']);
        expect(await store.find(shadow)).toEqual([]);
      });
    });

    describe('change versions', () => {
      const versionsOf = async (collection: string, ...documentIds: string[]) =>
        store.changeVersions([{ collection }, ...documentIds.map((id) => ({ collection, id }))]);

      it('moves a collection and the documents written, and nothing else', async () => {
        const posts = unique('posts');
        const other = unique('other');
        const before = await versionsOf(posts, 'a', 'b');
        const otherBefore = await versionsOf(other);
        await store.transaction((tx) => tx.upsert(posts, { id: 'a', title: 'x' }));
        const after = await versionsOf(posts, 'a', 'b');
        expect(after[0]).not.toBe(before[0]);
        expect(after[1]).not.toBe(before[1]);
        expect(after[2]).toBe(before[2]);
        expect(await versionsOf(other)).toEqual(otherBefore);

        await store.transaction((tx) => tx.delete(posts, 'a'));
        const deleted = await versionsOf(posts, 'a', 'b');
        expect(deleted[0]).not.toBe(after[0]);
        expect(deleted[1]).not.toBe(after[1]);
        expect(deleted[2]).toBe(before[2]);
        expect(new Set([before[1], after[1], deleted[1]]).size).toBe(3);
      });

      it('moves nothing for a transaction that only moves a checkpoint, reads, or deletes what is not there', async () => {
        const posts = unique('posts');
        await store.transaction((tx) => tx.upsert(posts, { id: 'a' }));
        const before = await versionsOf(posts, 'a', 'b');
        await store.transaction(async (tx) => {
          await tx.setCheckpoint(unique('checkpoint'), 3n);
          await tx.get(posts, 'a');
          await tx.find(posts);
          await tx.delete(posts, 'never-existed');
        });
        expect(await versionsOf(posts, 'a', 'b')).toEqual(before);
      });

      it('moves with the documents, inside the transaction: a rolled-back write moves nothing', async () => {
        const posts = unique('posts');
        const before = await versionsOf(posts, 'a');
        await expect(
          store.transaction(async (tx) => {
            await tx.upsert(posts, { id: 'a' });
            throw new Error('boom');
          }),
        ).rejects.toThrow('boom');
        expect(await versionsOf(posts, 'a')).toEqual(before);

        let inside: string[] = [];
        await store.transaction(async (tx) => {
          await tx.upsert(posts, { id: 'a' });
          inside = await versionsOf(posts, 'a');
        });
        expect(inside).toEqual(before); // not committed yet: readers outside see the old version
        expect((await versionsOf(posts, 'a'))[1]).not.toBe(before[1]);
      });

      it('moves every document of a collection dropped or renamed onto or from, never back to an old version', async () => {
        const live = unique('live');
        const shadow = unique('shadow');
        await store.transaction(async (tx) => {
          await tx.upsert(live, { id: 'a', v: 1 });
          await tx.upsert(shadow, { id: 'a', v: 2 });
        });
        const seen = new Set<string>();
        const remember = async () => {
          const versions = [...(await versionsOf(live, 'a', 'untouched')), ...(await versionsOf(shadow, 'a'))];
          return versions;
        };
        const first = await remember();
        first.forEach((version) => seen.add(`${version}`));

        await store.transaction((tx) => tx.renameCollection(shadow, live));
        const renamed = await remember();
        for (const index of [0, 1, 2, 3, 4]) expect(renamed[index]).not.toBe(first[index]);

        await store.transaction((tx) => tx.upsert(live, { id: 'a', v: 3 }));
        const written = await versionsOf(live, 'a', 'untouched');
        await store.transaction((tx) => tx.dropCollection(live));
        const dropped = await versionsOf(live, 'a', 'untouched');
        expect(dropped[0]).not.toBe(written[0]);
        expect(dropped[1]).not.toBe(written[1]);
        expect(dropped[2]).not.toBe(written[2]);
        const history = [first[1], renamed[1], written[1], dropped[1]];
        expect(new Set(history).size).toBe(history.length);
      });

      it('moves a shadow (`__rebuild`) collection with its writes, and each of its documents once it is renamed live', async () => {
        const live = unique('live');
        const shadow = `${live}__rebuild`;
        await store.transaction((tx) => tx.upsert(live, { id: 'a', v: 1 }));
        const liveBefore = await versionsOf(live, 'a');
        const shadowBefore = await versionsOf(shadow);
        await store.transaction((tx) => tx.upsert(shadow, { id: 'a', v: 2 }));
        expect((await versionsOf(shadow))[0]).not.toBe(shadowBefore[0]);
        await store.transaction((tx) => tx.renameCollection(shadow, live));
        const liveAfter = await versionsOf(live, 'a');
        expect(liveAfter[0]).not.toBe(liveBefore[0]);
        expect(liveAfter[1]).not.toBe(liveBefore[1]);
        await store.transaction((tx) => tx.upsert(live, { id: 'a', v: 3 }));
        expect((await versionsOf(live, 'a'))[1]).not.toBe(liveAfter[1]);
      });

      it('stores a shadow collection’s many writes of one transaction (new, replaced, deleted, unchanged), and moves it only for a change', async () => {
        const shadow = `${unique('many')}__rebuild`;
        const id = (n: number) => `d${String(n).padStart(3, '0')}`;
        await store.transaction(async (tx) => {
          for (let n = 0; n < 300; n += 1) await tx.upsert(shadow, { id: id(n), v: 1 });
        });
        const before = await versionsOf(shadow);
        await store.transaction(async (tx) => {
          for (let n = 0; n < 300; n += 1) await tx.upsert(shadow, { id: id(n), v: 1 });
        });
        expect(await versionsOf(shadow)).toEqual(before);
        await store.transaction(async (tx) => {
          for (let n = 0; n < 300; n += 3) await tx.delete(shadow, id(n));
          for (let n = 1; n < 300; n += 3) await tx.upsert(shadow, { id: id(n), v: 2 });
          for (let n = 300; n < 477; n += 1) await tx.upsert(shadow, { id: id(n), v: 3 });
          await tx.delete(shadow, 'never-there');
        });
        expect((await versionsOf(shadow))[0]).not.toBe(before[0]);
        const expected = Array.from({ length: 477 }, (_, n) => n)
          .filter((n) => n >= 300 || n % 3 !== 0)
          .map((n) => ({ id: id(n), v: n >= 300 ? 3 : n % 3 === 1 ? 2 : 1 }));
        expect(await store.find(shadow, {}, { sort: [['id', 1]] })).toEqual(expected);
      });
    });

    describe('checkpoints', () => {
      it('sets, reads inside and outside a transaction, and deletes', async () => {
        const checkpoint = unique('checkpoint');
        expect(await store.getCheckpoint(checkpoint)).toBeNull();
        await store.transaction(async (tx) => {
          expect(await tx.getCheckpoint(checkpoint)).toBeNull();
          await tx.setCheckpoint(checkpoint, 42n);
          expect(await tx.getCheckpoint(checkpoint)).toBe(42n);
        });
        expect(await store.getCheckpoint(checkpoint)).toBe(42n);

        await store.transaction((tx) => tx.setCheckpoint(checkpoint, null));
        expect(await store.getCheckpoint(checkpoint)).toBeNull();

        await store.transaction((tx) => tx.setCheckpoint(checkpoint, 0n));
        expect(await store.getCheckpoint(checkpoint)).toBe(0n);

        await store.transaction((tx) => tx.deleteCheckpoint(checkpoint));
        expect(await store.getCheckpoint(checkpoint)).toBeNull();
      });

      it('keeps positions beyond 2^53 exactly', async () => {
        const checkpoint = unique('checkpoint');
        const position = 2n ** 63n + 12_345n;
        await store.transaction((tx) => tx.setCheckpoint(checkpoint, position));
        expect(await store.getCheckpoint(checkpoint)).toBe(position);
        await store.transaction((tx) => tx.setCheckpoint(checkpoint, 2n ** 53n + 1n));
        expect(await store.getCheckpoint(checkpoint)).toBe(9_007_199_254_740_993n);
      });

      it('keeps each checkpoint apart', async () => {
        const first = unique('checkpoint');
        const second = unique('checkpoint');
        await store.transaction(async (tx) => {
          await tx.setCheckpoint(first, 1n);
          await tx.setCheckpoint(second, 2n);
        });
        await store.transaction((tx) => tx.deleteCheckpoint(first));
        expect(await store.getCheckpoint(first)).toBeNull();
        expect(await store.getCheckpoint(second)).toBe(2n);
      });
    });

    describe('collections', () => {
      it('drops every document of a collection, and nothing else', async () => {
        const posts = await seedPosts();
        const other = unique('other');
        await store.transaction((tx) => tx.upsert(other, { id: 'o1' }));
        await store.transaction((tx) => tx.dropCollection(posts));
        expect(await store.find(posts)).toEqual([]);
        expect(await store.get(posts, 'p1')).toBeNull();
        expect(await store.get(other, 'o1')).toEqual({ id: 'o1' });
        await store.transaction((tx) => tx.dropCollection(unique('missing')));
        // A dropped collection can be written again.
        await store.transaction((tx) => tx.upsert(posts, { id: 'again', title: 'x' }));
        expect(ids(await store.find(posts))).toEqual(['again']);
      });

      it('rolls back a drop', async () => {
        const posts = await seedPosts();
        await expect(
          store.transaction(async (tx) => {
            await tx.dropCollection(posts);
            throw new Error('abort');
          }),
        ).rejects.toThrow('abort');
        expect(await store.count(posts)).toBe(5);
      });

      it('renames a collection over another, replacing its documents', async () => {
        const live = unique('live');
        const rebuild = `${live}__rebuild`;
        await store.transaction(async (tx) => {
          await tx.upsert(live, { id: 'old-1', v: 1 });
          await tx.upsert(live, { id: 'shared', v: 1 });
          await tx.upsert(rebuild, { id: 'shared', v: 2 });
          await tx.upsert(rebuild, { id: 'new-1', v: 2 });
        });
        await store.ensureIndexes(rebuild, [['v']]);
        await store.transaction(async (tx) => {
          await tx.renameCollection(rebuild, live);
          expect(sorted(await tx.find(live))).toEqual(['new-1', 'shared']);
          expect(await tx.find(rebuild)).toEqual([]);
        });
        expect(await store.find(live, {}, { sort: [['id', 1]] })).toEqual([
          { id: 'new-1', v: 2 },
          { id: 'shared', v: 2 },
        ]);
        expect(await store.find(rebuild)).toEqual([]);
        expect(ids(await store.find(live, { v: 2 }, { sort: [['id', -1]] }))).toEqual(['shared', 'new-1']);
        const collections = await store.listCollections();
        expect(collections).toContain(live);
        expect(collections).not.toContain(rebuild);
        await store.ensureIndexes(live, [['v']]);
      });

      it('renames onto a collection that does not exist yet, and empties the target when the source is missing', async () => {
        const source = unique('source');
        const target = unique('target');
        await store.transaction((tx) => tx.upsert(source, { id: 's1' }));
        await store.transaction((tx) => tx.renameCollection(source, target));
        expect(ids(await store.find(target))).toEqual(['s1']);
        expect(await store.find(source)).toEqual([]);

        await store.transaction((tx) => tx.renameCollection(unique('absent'), target));
        expect(await store.find(target)).toEqual([]);
      });

      it('rolls back a rename together with the checkpoint moved beside it', async () => {
        const live = unique('live');
        const rebuild = `${live}__rebuild`;
        const checkpoint = unique('checkpoint');
        await store.transaction(async (tx) => {
          await tx.upsert(live, { id: 'old' });
          await tx.upsert(rebuild, { id: 'new' });
          await tx.setCheckpoint(checkpoint, 3n);
        });
        await expect(
          store.transaction(async (tx) => {
            await tx.renameCollection(rebuild, live);
            await tx.setCheckpoint(checkpoint, 10n);
            throw new Error('crash before the switch');
          }),
        ).rejects.toThrow('crash before the switch');
        expect(ids(await store.find(live))).toEqual(['old']);
        expect(ids(await store.find(rebuild))).toEqual(['new']);
        expect(await store.getCheckpoint(checkpoint)).toBe(3n);
      });

      it('switches a large collection in one transaction: documents and indexes go with it, readers see old or new', async () => {
        const live = unique('big');
        const rebuild = `${live}__rebuild`;
        await store.transaction(async (tx) => {
          for (let n = 0; n < 3000; n += 1) await tx.upsert(rebuild, { id: `d${n}`, n, even: n % 2 === 0 });
          await tx.upsert(live, { id: 'old' });
        });
        await store.ensureIndexes(rebuild, [['even', 'n']]);
        const counts: number[] = [];
        const reading = (async () => {
          for (let n = 0; n < 20; n += 1) {
            counts.push(await store.count(live));
            await pause(1);
          }
        })();
        await store.transaction(async (tx) => {
          await tx.renameCollection(rebuild, live);
          await tx.dropCollection(rebuild);
        });
        await reading;
        expect(counts.every((count) => count === 1 || count === 3000)).toBe(true);
        expect(await store.count(live)).toBe(3000);
        expect(await store.count(live, { even: true, n: { $gte: 2990 } })).toBe(5);
        expect(await store.count(rebuild)).toBe(0);
        await store.ensureIndexes(live, [['even', 'n']]); // already there: nothing to do
        await store.transaction((tx) => tx.dropCollection(live));
        expect(await store.count(live)).toBe(0);
      }, 30_000); // 3,000 documents and an index: seconds on a loaded machine

      it('lists the collections that hold documents, without the checkpoints', async () => {
        const first = unique('first');
        const second = unique('second-with-dash');
        const checkpoint = unique('checkpoint');
        await store.transaction(async (tx) => {
          await tx.upsert(first, { id: 'a' });
          await tx.upsert(second, { id: 'b' });
          await tx.setCheckpoint(checkpoint, 1n);
        });
        const collections = await store.listCollections();
        expect(collections).toEqual(expect.arrayContaining([first, second]));
        expect(collections).not.toContain(checkpoint);
        expect(collections.some((collection) => /checkpoints/.test(collection))).toBe(false);
      });
    });
  });
}
