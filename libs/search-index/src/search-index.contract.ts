import type { SearchDocument, SearchIndex, SearchIndexBatch, SearchQuery } from './search-index.port';
import { isSolved, sortScoreOf } from './search-terms';

/** SPEC §9: the first page starts beyond a very large id when descending, -1 when ascending. */
const VERY_LARGE_ID = Number.MAX_SAFE_INTEGER;

const ADA = { authorAccountId: 'acc-ada' };
const BOB = { authorAccountId: 'acc-bob' };

function post(id: number, fields: Partial<SearchDocument> = {}): SearchDocument {
  return {
    id,
    entityType: 1,
    title: 'Untitled',
    description: '',
    contentText: '',
    tags: [],
    categoryId: 3,
    ...ADA,
    likes: 0,
    isApproved: true,
    isPublished: true,
    createdOn: '2026-01-01T00:00:00.000Z',
    updatedOn: null,
    position: '1',
    ...fields,
  };
}

const question = (id: number, fields: Partial<SearchDocument> = {}) => post(id, { entityType: 2, ...fields });

function query(fields: Partial<SearchQuery> = {}): SearchQuery {
  const orderByAsc = fields.orderByAsc ?? false;
  const start = orderByAsc ? -1 : VERY_LARGE_ID;
  return {
    text: '',
    visibility: 'public',
    categoryId: -1,
    entityType: 100,
    tagIds: [],
    orderByAsc,
    lastFetchedArticleId: start,
    lastFetchedQuestionId: start,
    pageSize: 100,
    ...fields,
  };
}

const ids = (documents: readonly SearchDocument[]) => documents.map((document) => document.id);

/**
 * The one suite every SearchIndex adapter passes. `makeIndex` is called before each test (a fresh,
 * empty index) and the index is closed after it.
 */
export function describeSearchIndexContract(name: string, makeIndex: () => SearchIndex | Promise<SearchIndex>): void {
  describe(`SearchIndex contract: ${name}`, () => {
    let index: SearchIndex;

    beforeEach(async () => {
      index = await makeIndex();
    });

    afterEach(async () => {
      await index.close();
    });

    /** One live batch from the current checkpoint to the next position. */
    const write = async (work: (batch: SearchIndexBatch) => void | Promise<void>) => {
      const from = await index.getCheckpoint();
      const applied = await index.applyBatch('live', { from, to: (from ?? 0n) + 1n }, async (batch) => {
        await work(batch);
      });
      expect(applied).toBe(true);
    };
    const seed = (...documents: SearchDocument[]) => write((batch) => documents.forEach((document) => batch.upsert(document)));
    const found = async (fields: Partial<SearchQuery>) => ids(await index.search(query(fields)));

    describe('matching', () => {
      beforeEach(() =>
        seed(
          post(10, { title: 'Event sourcing in practice', description: 'Projections and deciders', contentText: 'Start with the log.' }),
          post(20, { title: 'Caching', description: 'Redis as a cache', contentText: 'Eviction policies explained' }),
          question(30, { title: 'How do I rebuild?', contentText: 'My projection lags behind the event log.' }),
          post(40, { title: 'Clusters', tags: [{ id: 7, subTag: 'Kubernetes' }] }),
          question(50, { title: 'Café crème à Paris', contentText: 'Résumé of the São Paulo meetup' }),
          post(60, { title: 'Привет мир', description: 'Hello in Russian' }),
        ),
      );

      it('finds a word in the title, the description, the content text or a tag name', async () => {
        expect(await found({ text: 'sourcing' })).toEqual([10]);
        expect(await found({ text: 'redis' })).toEqual([20]);
        expect(await found({ text: 'eviction' })).toEqual([20]);
        expect(await found({ text: 'kubernetes' })).toEqual([40]);
      });

      it('requires every word, each in any of the fields', async () => {
        expect(await found({ text: 'event log' })).toEqual([30, 10]);
        expect(await found({ text: 'projection lags' })).toEqual([30]);
        expect(await found({ text: 'deciders log' })).toEqual([10]);
        expect(await found({ text: 'event redis' })).toEqual([]);
      });

      it('matches the last word as a prefix, and only the last one', async () => {
        expect(await found({ text: 'even' })).toEqual([30, 10]);
        expect(await found({ text: 'event sourc' })).toEqual([10]);
        expect(await found({ text: 'even sourcing' })).toEqual([]);
        expect(await found({ text: 'kube' })).toEqual([40]);
      });

      it('ignores case and accents, in the text and in the documents', async () => {
        expect(await found({ text: 'EVENT SOURCING' })).toEqual([10]);
        expect(await found({ text: 'cafe creme' })).toEqual([50]);
        expect(await found({ text: 'CAFÉ' })).toEqual([50]);
        expect(await found({ text: 'resume sao' })).toEqual([50]);
        expect(await found({ text: 'résumé' })).toEqual([50]);
      });

      it('matches letters of any script', async () => {
        expect(await found({ text: 'привет' })).toEqual([60]);
        expect(await found({ text: 'ПРИ' })).toEqual([60]);
      });

      it('strips the text to letters and spaces first (SPEC §5)', async () => {
        expect(await found({ text: '  Event!!  sourcing?? ' })).toEqual([10]);
        expect(await found({ text: 'event, sourcing.' })).toEqual([10]);
        expect(await found({ text: '"event" OR redis*' })).toEqual([]);
      });

      it('lists everything the filters allow when the text is empty or has no letters', async () => {
        expect(await found({ text: '' })).toEqual([60, 50, 40, 30, 20, 10]);
        expect(await found({ text: ' 42 !? ' })).toEqual([60, 50, 40, 30, 20, 10]);
      });

      it('returns the whole document', async () => {
        expect(await index.search(query({ text: 'clusters' }))).toEqual([
          post(40, { title: 'Clusters', tags: [{ id: 7, subTag: 'Kubernetes' }] }),
        ]);
      });
    });

    describe('filters and order', () => {
      beforeEach(() =>
        seed(
          post(1, { categoryId: 3, tags: [{ id: 1, subTag: 'csharp' }], title: 'Spans' }),
          question(2, { categoryId: 110, tags: [{ id: 2, subTag: 'rust' }], title: 'Lifetimes' }),
          post(3, {
            categoryId: 110,
            tags: [
              { id: 1, subTag: 'csharp' },
              { id: 3, subTag: 'dotnet' },
            ],
            ...BOB,
            title: 'Spans again',
          }),
          question(4, { categoryId: 3, tags: [{ id: 3, subTag: 'dotnet' }], ...BOB, title: 'Spans or arrays' }),
          post(5, { categoryId: 121, tags: [{ id: 4, subTag: 'go' }], title: 'Goroutines' }),
        ),
      );

      it('filters by category, -1 meaning every category', async () => {
        expect(await found({ categoryId: 3 })).toEqual([4, 1]);
        expect(await found({ categoryId: 110 })).toEqual([3, 2]);
        expect(await found({ categoryId: 999 })).toEqual([]);
        expect(await found({ categoryId: -1 })).toEqual([5, 4, 3, 2, 1]);
      });

      it('filters by entity type: articles, questions, or both (100)', async () => {
        expect(await found({ entityType: 1 })).toEqual([5, 3, 1]);
        expect(await found({ entityType: 2 })).toEqual([4, 2]);
        expect(await found({ entityType: 100 })).toEqual([5, 4, 3, 2, 1]);
      });

      it('keeps posts carrying any of the given tags', async () => {
        expect(await found({ tagIds: [1] })).toEqual([3, 1]);
        expect(await found({ tagIds: [2, 4] })).toEqual([5, 2]);
        expect(await found({ tagIds: [1, 3] })).toEqual([4, 3, 1]);
        expect(await found({ tagIds: [99] })).toEqual([]);
      });

      it('filters by author (account id)', async () => {
        expect(await found({ authorAccountId: BOB.authorAccountId })).toEqual([4, 3]);
        expect(await found({ authorAccountId: 'acc-nobody' })).toEqual([]);
      });

      it('combines the filters with the text', async () => {
        expect(await found({ text: 'spans', categoryId: 3 })).toEqual([4, 1]);
        expect(await found({ text: 'spans', entityType: 1, tagIds: [3] })).toEqual([3]);
        expect(await found({ text: 'span', authorAccountId: BOB.authorAccountId, entityType: 2 })).toEqual([4]);
      });

      it('orders by date (id) descending or ascending', async () => {
        expect(await found({ orderByAsc: false })).toEqual([5, 4, 3, 2, 1]);
        expect(await found({ orderByAsc: true })).toEqual([1, 2, 3, 4, 5]);
        expect(await found({ orderByAsc: true, text: 'spans' })).toEqual([1, 3, 4]);
      });

      it('returns at most pageSize posts', async () => {
        expect(await found({ pageSize: 2 })).toEqual([5, 4]);
        expect(await found({ pageSize: 2, orderByAsc: true })).toEqual([1, 2]);
      });
    });

    describe('keyset paging (SPEC §4)', () => {
      /** Pages the way the SPA does: the next request goes beyond the last article and the last question received. */
      const pageThrough = async (fields: Partial<SearchQuery>, between?: (page: number) => Promise<void>) => {
        let next = query(fields);
        const pages: number[][] = [];
        for (;;) {
          const page = await index.search(next);
          if (page.length === 0) return pages;
          pages.push(ids(page));
          const lastArticle = page.filter((document) => document.entityType === 1).pop();
          const lastQuestion = page.filter((document) => document.entityType === 2).pop();
          next = {
            ...next,
            lastFetchedArticleId: lastArticle?.id ?? next.lastFetchedArticleId,
            lastFetchedQuestionId: lastQuestion?.id ?? next.lastFetchedQuestionId,
          };
          await between?.(pages.length);
          expect(pages.length).toBeLessThan(50);
        }
      };

      // 23 posts: articles and questions interleaved unevenly, so pages mix both kinds or hold one.
      const posts = Array.from({ length: 23 }, (_, n) => {
        const id = 100 + n * 10;
        return n % 3 === 0 || n > 18 ? question(id, { title: `Paging ${n}` }) : post(id, { title: `Paging ${n}` });
      });
      const all = ids(posts);

      beforeEach(() => seed(...posts));

      it.each([false, true])('walks every post once, in order, across pages (orderByAsc %s)', async (orderByAsc) => {
        const pages = await pageThrough({ orderByAsc, pageSize: 5 });
        expect(pages.map((page) => page.length)).toEqual([5, 5, 5, 5, 3]);
        expect(pages.flat()).toEqual(orderByAsc ? all : [...all].reverse());
      });

      it('pages one entity type and a text query the same way', async () => {
        const questions = posts.filter((document) => document.entityType === 2).map((document) => document.id);
        expect((await pageThrough({ entityType: 2, pageSize: 3 })).flat()).toEqual([...questions].reverse());
        expect((await pageThrough({ text: 'paging', orderByAsc: true, pageSize: 4 })).flat()).toEqual(all);
      });

      it('has no duplicates and no gaps while new posts arrive between pages (descending: new posts are not beyond)', async () => {
        const pages = await pageThrough({ pageSize: 6 }, async (page) => {
          await seed(post(10_000 + page), question(20_000 + page));
        });
        expect(pages.length).toBe(4);
        expect(pages.flat()).toEqual([...all].reverse());
      });

      it('keeps a post published mid-way out of the pages even when a page held none of its kind (one cursor)', async () => {
        // Page 1 (descending, 5 a page) holds the 5 newest posts: questions only (ids 1000-1040).
        await seed(...[1000, 1010, 1020, 1030, 1040].map((id) => question(id, { title: `Newest ${id}` })));
        const pages = await pageThrough({ pageSize: 5 }, async (page) => {
          if (page === 1) await seed(post(30_000, { title: 'Published while paging' }));
        });
        expect(pages[0]).toEqual([1040, 1030, 1020, 1010, 1000]);
        expect(pages.flat()).toEqual([1040, 1030, 1020, 1010, 1000, ...[...all].reverse()]);
      });

      it('goes beyond the nearer of the two last-fetched ids, in both orders', async () => {
        // Article 200 was received after question 190 descending: nothing above 190 is left to show.
        expect(await found({ lastFetchedArticleId: 200, lastFetchedQuestionId: 190, pageSize: 3 })).toEqual([180, 170, 160]);
        expect(await found({ orderByAsc: true, lastFetchedArticleId: 110, lastFetchedQuestionId: 120, pageSize: 2 })).toEqual([130, 140]);
        // One kind asked: the other kind's cursor plays no part.
        expect(await found({ entityType: 1, lastFetchedArticleId: 200, lastFetchedQuestionId: 100, pageSize: 2 })).toEqual([180, 170]);
      });

      it('has no duplicates and no gaps while new posts arrive between pages (ascending: they come last)', async () => {
        const arrived: number[] = [];
        const pages = await pageThrough({ orderByAsc: true, pageSize: 6 }, async (page) => {
          if (page > 3) return;
          arrived.push(10_000 + page, 20_000 + page);
          await seed(post(10_000 + page), question(20_000 + page));
        });
        const seen = pages.flat();
        expect(new Set(seen).size).toBe(seen.length);
        expect(seen).toEqual([...all, ...arrived.sort((a, b) => a - b)]);
      });
    });

    describe('sorts and status (issue 27)', () => {
      const TODAY = 20_000;
      const answer = (commentId: number, isApproved = true) => ({ commentId, isApproved });

      /** Pages the way the SPA does for `top` and `trending`: beyond the last row's score and id. */
      const pageByScore = async (fields: Partial<SearchQuery>, between?: (page: number, received: number[]) => Promise<void>) => {
        let next = query({ today: TODAY, ...fields });
        const pages: number[][] = [];
        for (;;) {
          const page = await index.search(next);
          if (page.length === 0) return pages;
          pages.push(ids(page));
          const last = page[page.length - 1];
          next = { ...next, lastFetchedScore: { score: sortScoreOf(last, next) ?? 0, id: last.id } };
          await between?.(pages.length, pages.flat());
          expect(pages.length).toBeLessThan(50);
        }
      };

      describe('filters', () => {
        beforeEach(() =>
          seed(
            post(10),
            question(20),
            question(30, { answers: [answer(31)] }),
            question(40, { answers: [answer(41, false)] }),
            question(50, { answers: [answer(51)], acceptedCommentId: 51 }),
            question(60, { acceptedCommentId: 61 }),
          ),
        );

        it('unanswered: questions with no approved comment by anyone but their author (articles left out)', async () => {
          expect(await found({ status: 'unanswered' })).toEqual([60, 40, 20]);
          expect(await found({ status: 'unanswered', entityType: 1 })).toEqual([]);
        });

        it('solved: questions with an accepted answer; any: everything', async () => {
          expect(await found({ status: 'solved' })).toEqual([60, 50]);
          expect(await found({ status: 'any' })).toEqual([60, 50, 40, 30, 20, 10]);
        });

        it('keeps the solved mark on the document', async () => {
          const [solved] = await index.search(query({ status: 'solved', pageSize: 1 }));
          expect(solved).toMatchObject({ id: 60, acceptedCommentId: 61 });
          expect(isSolved(solved)).toBe(true);
        });

        it('a change of the answers or of the accepted answer moves the question between the filters', async () => {
          await seed(question(20, { answers: [answer(21)] }), question(60, { acceptedCommentId: null }));
          expect(await found({ status: 'unanswered' })).toEqual([60, 40]);
          expect(await found({ status: 'solved' })).toEqual([50]);
        });
      });

      describe('orders', () => {
        beforeEach(() =>
          seed(
            post(10, { likes: 3, activity: [{ day: TODAY - 10, count: 9 }] }),
            question(20, { likes: 5, activity: [{ day: TODAY, count: 1 }] }),
            post(30, {
              likes: 3,
              activity: [
                { day: TODAY - 6, count: 2 },
                { day: TODAY - 1, count: 2 },
              ],
            }),
            question(40, { likes: 0, activity: [{ day: TODAY - 7, count: 8 }] }),
            post(50, { likes: 1 }),
          ),
        );

        it('top: most likes first, ties newest first', async () => {
          expect(await found({ sort: 'top' })).toEqual([20, 30, 10, 50, 40]);
          expect(await found({ sort: 'top', orderByAsc: true })).toEqual([20, 30, 10, 50, 40]);
        });

        it('trending: likes and comments of the last 7 days (today included), ties newest first', async () => {
          expect(await found({ sort: 'trending', today: TODAY })).toEqual([30, 20, 50, 40, 10]);
          // The day before, the window holds post 40's activity of 7 days ago, and not post 20's of today.
          expect(await found({ sort: 'trending', today: TODAY - 1 })).toEqual([40, 30, 50, 20, 10]);
        });

        it('sorts within the filters and the text', async () => {
          expect(await found({ sort: 'top', entityType: 2 })).toEqual([20, 40]);
          expect(await found({ sort: 'trending', today: TODAY, status: 'unanswered' })).toEqual([20, 40]);
        });

        it('starts beyond the last row received: its score, then its id', async () => {
          expect(await found({ sort: 'top', lastFetchedScore: { score: 3, id: 30 } })).toEqual([10, 50, 40]);
          expect(await found({ sort: 'trending', today: TODAY, lastFetchedScore: { score: 1, id: 20 } })).toEqual([50, 40, 10]);
          expect(await found({ sort: 'trending', today: TODAY, lastFetchedScore: { score: 0, id: 50 } })).toEqual([40, 10]);
        });
      });

      describe('paging', () => {
        // 17 posts, likes 0-4 and activity 0-3 in the window, so ties span pages.
        const posts = Array.from({ length: 17 }, (_, n) => {
          const id = 100 + n * 10;
          const fields = { likes: n % 5, activity: n % 4 === 0 ? [] : [{ day: TODAY - (n % 3), count: n % 4 }] };
          return n % 2 === 0 ? question(id, fields) : post(id, fields);
        });
        const byScore = (score: (document: SearchDocument) => number) => ids([...posts].sort((a, b) => score(b) - score(a) || b.id - a.id));

        beforeEach(() => seed(...posts));

        it.each(['top', 'trending'] as const)('%s: walks every post once, in order, across pages', async (sort) => {
          const pages = await pageByScore({ sort, pageSize: 4 });
          expect(pages.map((page) => page.length)).toEqual([4, 4, 4, 4, 1]);
          expect(pages.flat()).toEqual(byScore((document) => sortScoreOf(document, { sort, today: TODAY }) ?? 0));
        });

        it.each(['top', 'trending'] as const)(
          '%s: no duplicates and no gaps while new posts and new likes of received posts arrive between pages',
          async (sort) => {
            const expected = byScore((document) => sortScoreOf(document, { sort, today: TODAY }) ?? 0);
            const pages = await pageByScore({ sort, pageSize: 4 }, async (page, received) => {
              const liked = posts.find((document) => document.id === received[0])!;
              await seed(post(10_000 + page), question(20_000 + page), {
                ...liked,
                likes: liked.likes + 10,
                activity: [...(liked.activity ?? []), { day: TODAY, count: 10 }],
              });
            });
            const seen = pages.flat();
            expect(new Set(seen).size).toBe(seen.length);
            // New posts (no likes yet) may come in the no-score tail, never twice; the others in their order.
            expect(seen.filter((id) => id < 10_000)).toEqual(expected);
          },
        );
      });
    });

    describe('visibility', () => {
      beforeEach(() =>
        seed(
          post(1, { title: 'Public' }),
          post(2, { title: 'Draft', isPublished: false }),
          question(3, { title: 'Unapproved', isApproved: false }),
          post(4, { title: 'Bob public', ...BOB }),
          post(5, { title: 'Bob draft', ...BOB, isPublished: false, isApproved: false }),
        ),
      );

      it('public: published and approved posts only', async () => {
        expect(await found({ visibility: 'public' })).toEqual([4, 1]);
      });

      it("own: every post of the owner, drafts and unapproved ones included, and nobody else's", async () => {
        expect(await found({ visibility: { ownerAccountId: ADA.authorAccountId } })).toEqual([3, 2, 1]);
        expect(await found({ visibility: { ownerAccountId: BOB.authorAccountId } })).toEqual([5, 4]);
        expect(await found({ visibility: { ownerAccountId: 'acc-nobody' } })).toEqual([]);
      });

      it('admin: every post in the index', async () => {
        expect(await found({ visibility: 'admin' })).toEqual([5, 4, 3, 2, 1]);
        expect(await found({ visibility: 'admin', text: 'draft' })).toEqual([5, 2]);
      });

      it('removed (deleted) posts are found by nobody', async () => {
        await write((batch) => {
          batch.remove(2);
          batch.remove(4);
        });
        expect(await found({ visibility: 'admin' })).toEqual([5, 3, 1]);
        expect(await found({ visibility: { ownerAccountId: BOB.authorAccountId } })).toEqual([5]);
        expect(await found({ visibility: 'public' })).toEqual([1]);
      });
    });

    describe('updates', () => {
      const original = post(1, { title: 'Original title', contentText: 'first draft', likes: 0, position: '1' });
      beforeEach(() => seed(original));

      it('an edit replaces the searched text', async () => {
        await seed({ ...original, title: 'Renamed', contentText: 'second version', updatedOn: '2026-02-01T00:00:00.000Z' });
        expect(await found({ text: 'original' })).toEqual([]);
        expect(await found({ text: 'draft' })).toEqual([]);
        expect(await found({ text: 'renamed second' })).toEqual([1]);
        expect((await index.get(1))?.updatedOn).toBe('2026-02-01T00:00:00.000Z');
      });

      it('unpublishing and unapproving hide the post from the public, not from its owner or an admin', async () => {
        await seed({ ...original, isPublished: false });
        expect(await found({})).toEqual([]);
        await seed({ ...original, isApproved: false });
        expect(await found({})).toEqual([]);
        expect(await found({ visibility: { ownerAccountId: ADA.authorAccountId } })).toEqual([1]);
        expect(await found({ visibility: 'admin' })).toEqual([1]);
        await seed(original);
        expect(await found({})).toEqual([1]);
      });

      it('a like count change shows in the results', async () => {
        await write(async (batch) => {
          const current = await batch.get(1);
          batch.upsert({ ...current!, likes: current!.likes + 1, position: '2' });
        });
        expect(await index.search(query())).toEqual([{ ...original, likes: 1, position: '2' }]);
      });

      it('a change that keeps the words keeps the post found by them; a change of its tags alone moves it to the new tag', async () => {
        const tagged = { ...original, tags: [{ id: 1, subTag: 'csharp' }], position: '2' };
        await seed(tagged);
        await seed({ ...tagged, likes: 5, isApproved: false, categoryId: 110, position: '3' });
        expect(await found({ visibility: 'admin', text: 'original csharp' })).toEqual([1]);
        expect(await found({ visibility: 'admin', categoryId: 110, tagIds: [1] })).toEqual([1]);
        expect((await index.get(1))?.likes).toBe(5);
        await seed({ ...tagged, tags: [{ id: 2, subTag: 'rust' }], position: '4' });
        expect(await found({ text: 'csharp' })).toEqual([]);
        expect(await found({ tagIds: [1] })).toEqual([]);
        expect(await found({ text: 'original rust', tagIds: [2] })).toEqual([1]);
      });

      it('a removal takes the post out, and a removal of an absent post is harmless', async () => {
        await write((batch) => {
          batch.remove(1);
          batch.remove(404);
        });
        expect(await found({ visibility: 'admin' })).toEqual([]);
        expect(await index.get(1)).toBeNull();
      });
    });

    describe('batches and checkpoints', () => {
      it('starts with no checkpoint and no documents', async () => {
        expect(await index.getCheckpoint()).toBeNull();
        expect(await index.getCheckpoint('shadow')).toBeNull();
        expect(await index.get(1)).toBeNull();
        expect(await found({ visibility: 'admin' })).toEqual([]);
      });

      it('stores the writes and the checkpoint together', async () => {
        expect(await index.applyBatch('live', { from: null, to: 41n }, (batch) => batch.upsert(post(1)))).toBe(true);
        expect(await index.getCheckpoint()).toBe(41n);
        expect(await index.get(1)).toEqual(post(1));
      });

      it('keeps positions beyond 2^53 exactly', async () => {
        await index.applyBatch('live', { from: null, to: 9_007_199_254_740_993n }, () => undefined);
        expect(await index.getCheckpoint()).toBe(9_007_199_254_740_993n);
      });

      it('a failing batch leaves neither its writes nor its checkpoint', async () => {
        await index.applyBatch('live', { from: null, to: 1n }, (batch) => batch.upsert(post(1, { title: 'Kept' })));
        await expect(
          index.applyBatch('live', { from: 1n, to: 2n }, async (batch) => {
            batch.upsert(post(1, { title: 'Lost' }));
            batch.upsert(post(2));
            await Promise.resolve();
            throw new Error('projection bug');
          }),
        ).rejects.toThrow('projection bug');
        expect(await index.getCheckpoint()).toBe(1n);
        expect(await index.get(1)).toEqual(post(1, { title: 'Kept' }));
        expect(await index.get(2)).toBeNull();
        expect(await found({ text: 'lost' })).toEqual([]);
      });

      it('writes nothing when the checkpoint is no longer the expected one', async () => {
        await index.applyBatch('live', { from: null, to: 5n }, () => undefined);
        expect(await index.applyBatch('live', { from: 3n, to: 9n }, (batch) => batch.upsert(post(1)))).toBe(false);
        expect(await index.applyBatch('live', { from: null, to: 9n }, (batch) => batch.upsert(post(1)))).toBe(false);
        expect(await index.getCheckpoint()).toBe(5n);
        expect(await index.get(1)).toBeNull();
      });

      it('applies the last write of an id in a batch, and lets the batch read its own writes', async () => {
        await index.applyBatch('live', { from: null, to: 1n }, async (batch) => {
          batch.upsert(post(1, { title: 'First' }));
          expect(await batch.get(1)).toEqual(post(1, { title: 'First' }));
          batch.upsert(post(1, { title: 'Second' }));
          batch.upsert(post(2));
          batch.remove(2);
          expect(await batch.get(2)).toBeNull();
          batch.remove(3);
          batch.upsert(post(3, { title: 'Back' }));
        });
        expect(await index.get(1)).toEqual(post(1, { title: 'Second' }));
        expect(await index.get(2)).toBeNull();
        expect(await index.get(3)).toEqual(post(3, { title: 'Back' }));
        expect(await found({ text: 'first' })).toEqual([]);
      });

      it('re-applying a batch (a crash before its checkpoint was seen) gives the same index', async () => {
        const batch = (tx: SearchIndexBatch) => {
          tx.upsert(post(1, { title: 'Event sourcing', likes: 3, position: '7' }));
          tx.upsert(question(2, { title: 'Sourcing events?' }));
          tx.remove(3);
        };
        await index.applyBatch('live', { from: null, to: 1n }, (tx) => tx.upsert(post(3)));
        await index.applyBatch('live', { from: 1n, to: 7n }, (tx) => batch(tx));
        const once = await index.search(query({ visibility: 'admin', text: 'sourcing' }));
        await index.applyBatch('live', { from: 7n, to: 7n }, (tx) => batch(tx));
        expect(await index.search(query({ visibility: 'admin', text: 'sourcing' }))).toEqual(once);
        expect(ids(once)).toEqual([2, 1]);
        expect(await index.get(3)).toBeNull();
      });
    });

    describe('blue-green rebuild', () => {
      beforeEach(async () => {
        await index.applyBatch('live', { from: null, to: 5n }, (batch) => {
          batch.upsert(post(1, { title: 'Old shape' }));
          batch.upsert(post(2, { title: 'Gone after rebuild' }));
        });
      });

      it('builds the shadow beside the live index, which keeps serving until the switch', async () => {
        await index.resetShadow();
        expect(await index.getCheckpoint('shadow')).toBeNull();
        expect(await index.applyBatch('shadow', { from: null, to: 4n }, (batch) => batch.upsert(post(1, { title: 'New shape' })))).toBe(
          true,
        );
        expect(await index.applyBatch('shadow', { from: 4n, to: 9n }, (batch) => batch.upsert(question(3, { title: 'New post' })))).toBe(
          true,
        );

        expect(await index.getCheckpoint('live')).toBe(5n);
        expect(await index.getCheckpoint('shadow')).toBe(9n);
        expect(await found({ visibility: 'admin' })).toEqual([2, 1]);
        expect(await found({ text: 'shape' })).toEqual([1]);
        expect(await index.get(1)).toEqual(post(1, { title: 'Old shape' }));
        expect(await index.get(1, 'shadow')).toEqual(post(1, { title: 'New shape' }));

        await index.promoteShadow();
        expect(await index.getCheckpoint('live')).toBe(9n);
        expect(await index.getCheckpoint('shadow')).toBeNull();
        expect(await found({ visibility: 'admin' })).toEqual([3, 1]);
        expect(await found({ text: 'new shape' })).toEqual([1]);
        expect(await found({ text: 'old' })).toEqual([]);
        expect(await index.get(2)).toBeNull();
        expect(await index.get(1, 'shadow')).toBeNull();

        // The live index goes on from the rebuilt checkpoint.
        expect(await index.applyBatch('live', { from: 9n, to: 10n }, (batch) => batch.remove(3))).toBe(true);
        expect(await found({ visibility: 'admin' })).toEqual([1]);
      });

      it('a reset throws away a half-built shadow', async () => {
        await index.resetShadow();
        await index.applyBatch('shadow', { from: null, to: 3n }, (batch) => batch.upsert(post(7)));
        await index.resetShadow();
        expect(await index.getCheckpoint('shadow')).toBeNull();
        expect(await index.get(7, 'shadow')).toBeNull();
        await index.promoteShadow();
        expect(await index.getCheckpoint()).toBeNull();
        expect(await found({ visibility: 'admin' })).toEqual([]);
      });
    });
  });
}
