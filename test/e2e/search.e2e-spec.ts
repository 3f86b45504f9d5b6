import { firstSearchPager, SEARCH_MESSAGES, type GridPostItem, type SearchRequestInput } from '@app/contracts';
import { bearer, makeAdmin, signUp, type TestUser } from '../support/accounts';
import { articleBody, createPost, questionBody, searchRequest } from '../support/posts';
import { runCli } from '../support/run-cli';
import { startTestApp, type TestApp } from '../support/test-app';

type SearchCall = '/api/Search' | '/api/Search/UserPosts' | '/api/Search/ByAdmin';

const request = searchRequest;

/** The request for the page after `page`, as the SPEC §4 client makes it: the last article and the last question received, each kept when the page had none. */
function nextPageAfter(current: SearchRequestInput, page: GridPostItem[]): SearchRequestInput {
  const lastArticle = page.filter((item) => item.entityType === 1).pop();
  const lastQuestion = page.filter((item) => item.entityType === 2).pop();
  return {
    ...current,
    pager: {
      ...current.pager,
      lastFetchedArticleId: lastArticle?.id ?? current.pager.lastFetchedArticleId,
      lastFetchedQuestionId: lastQuestion?.id ?? current.pager.lastFetchedQuestionId,
    },
  };
}

/** SPEC §7 Search: the public, own-posts and admin calls over the projected search index. */
describe('POST /api/Search, /api/Search/UserPosts, /api/Search/ByAdmin', () => {
  let site: TestApp;
  let ada: TestUser;
  let bob: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    site = await startTestApp();
    ada = await signUp(site, 'Ada Lovelace');
    bob = await signUp(site, 'Bob Builder');
    admin = await makeAdmin(site, await signUp(site, 'Root Admin'));
  });
  afterAll(() => site.dispose());

  const call = (path: SearchCall, body: unknown, user?: TestUser) => {
    const post = site.http().post(path);
    return (user ? post.set(bearer(user)) : post).send(body as object);
  };
  const search = async (path: SearchCall, overrides: Partial<SearchRequestInput> = {}, user?: TestUser): Promise<GridPostItem[]> => {
    const response = await call(path, request(overrides), user).expect(200);
    expect(response.body).toMatchObject({ success: true, timeStamp: expect.any(String) });
    return response.body.result as GridPostItem[];
  };
  const found = async (path: SearchCall, overrides: Partial<SearchRequestInput> = {}, user?: TestUser) =>
    (await search(path, overrides, user)).map((item) => item.id);
  const putArticle = (user: TestUser, body: Record<string, unknown>) =>
    site.http().put('/api/Article').set(bearer(user)).send(body).expect(200);

  it('finds an article right after the publish response, and follows its edit, unpublish, approval and delete', async () => {
    const id = await createPost(site, 'Article', ada, articleBody({ title: 'Zephyrine lifecycle', isPublished: true }));
    const [item] = await search('/api/Search', { searchString: 'zephyr' });
    expect(item).toEqual({
      id,
      entityType: 1,
      title: 'Zephyrine lifecycle',
      name: 'Ada Lovelace',
      uName: ada.userName,
      tags: [
        { id: 1, subTag: 'csharp' },
        { id: 2, subTag: 'dotnet' },
      ],
      likes: 0,
      isApproved: true,
      createdOn: expect.any(String),
      updatedOn: null,
      articleDescription: 'Type parameters, constraints and variance',
    });
    // The content is searched as text, not as html.
    expect(await found('/api/Search', { searchString: 'zephyrine type safe' })).toEqual([id]);

    await putArticle(ada, articleBody({ id, title: 'Quillwort lifecycle', isPublished: true }));
    expect(await found('/api/Search', { searchString: 'zephyrine' })).toEqual([]);
    expect((await search('/api/Search', { searchString: 'quillwort' }))[0]).toMatchObject({ id, updatedOn: expect.any(String) });

    await putArticle(ada, articleBody({ id, title: 'Quillwort lifecycle', isPublished: false }));
    expect(await found('/api/Search', { searchString: 'quillwort' })).toEqual([]);
    expect(await found('/api/Search/UserPosts', { searchString: 'quillwort' }, ada)).toEqual([id]);
    expect(await found('/api/Search/ByAdmin', { searchString: 'quillwort' }, admin)).toEqual([id]);

    await putArticle(ada, articleBody({ id, title: 'Quillwort lifecycle', isPublished: true }));
    await site.http().put('/api/Article/Approve').set(bearer(admin)).send({ id, isApproved: false }).expect(200);
    expect(await found('/api/Search', { searchString: 'quillwort' })).toEqual([]);
    expect((await search('/api/Search/ByAdmin', { searchString: 'quillwort' }, admin))[0]).toMatchObject({ id, isApproved: false });
    await site.http().put('/api/Article/Approve').set(bearer(admin)).send({ id, isApproved: true }).expect(200);
    expect(await found('/api/Search', { searchString: 'quillwort' })).toEqual([id]);

    await site.http().delete(`/api/Article/${id}`).set(bearer(ada)).expect(200);
    expect(await found('/api/Search/ByAdmin', { searchString: 'quillwort' }, admin)).toEqual([]);
    expect(await found('/api/Search/UserPosts', { searchString: 'quillwort' }, ada)).toEqual([]);
  });

  it('carries the same like count as the post view, right after the like response', async () => {
    const id = await createPost(site, 'Question', ada, questionBody({ title: 'Xylophonist likes' }));
    for (const user of [bob, admin]) await site.http().put('/api/Question/Like').set(bearer(user)).send({ id, isLiked: true }).expect(200);
    await site.http().put('/api/Question/Like').set(bearer(admin)).send({ id, isLiked: false }).expect(200);
    expect((await search('/api/Search', { searchString: 'xylophonist' }))[0]).toMatchObject({ id, likes: 1 });
    expect((await site.http().get(`/api/Question/${id}`).expect(200)).body.result.likes).toBe(1);
  });

  describe('permissions and visibility', () => {
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      ids.adaDraft = await createPost(site, 'Article', ada, articleBody({ title: 'Marmoset draft' }));
      ids.adaPublished = await createPost(site, 'Article', ada, articleBody({ title: 'Marmoset published', isPublished: true }));
      ids.bobQuestion = await createPost(site, 'Question', bob, questionBody({ title: 'Marmoset question' }));
      ids.bobUnapproved = await createPost(site, 'Question', bob, questionBody({ title: 'Marmoset unapproved' }));
      await site.http().put('/api/Question/Approve').set(bearer(admin)).send({ id: ids.bobUnapproved, isApproved: false }).expect(200);
    });

    it('public: published, approved posts of everyone, with or without a token', async () => {
      const visible = [ids.bobQuestion, ids.adaPublished];
      expect(await found('/api/Search', { searchString: 'marmoset' })).toEqual(visible);
      expect(await found('/api/Search', { searchString: 'marmoset' }, bob)).toEqual(visible);
    });

    it("own posts: the caller's posts, drafts and unapproved ones included, whatever uName the body names", async () => {
      expect(await found('/api/Search/UserPosts', { searchString: 'marmoset' }, ada)).toEqual([ids.adaPublished, ids.adaDraft]);
      expect(await found('/api/Search/UserPosts', { searchString: 'marmoset', uName: ada.userName }, bob)).toEqual([
        ids.bobUnapproved,
        ids.bobQuestion,
      ]);
    });

    it('admin: every post that is not deleted', async () => {
      expect(await found('/api/Search/ByAdmin', { searchString: 'marmoset' }, admin)).toEqual([
        ids.bobUnapproved,
        ids.bobQuestion,
        ids.adaPublished,
        ids.adaDraft,
      ]);
    });

    it('own posts need a login (401); the admin search needs an admin (401 anonymous, 403 for a user)', async () => {
      await call('/api/Search/UserPosts', request()).expect(401);
      const anonymous = await call('/api/Search/ByAdmin', request()).expect(401);
      expect(anonymous.body).toMatchObject({ success: false, errorMessage: expect.any(String) });
      const user = await call('/api/Search/ByAdmin', request(), ada).expect(403);
      expect(user.body).toMatchObject({ success: false, errorMessage: expect.any(String) });
    });
  });

  describe('filters', () => {
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      ids.csharp = await createPost(site, 'Article', ada, articleBody({ title: 'Narwhal spans', categoryId: 3, isPublished: true }));
      ids.question = await createPost(site, 'Question', ada, questionBody({ title: 'Narwhal tasks', categoryId: 123 }));
      ids.typescript = await createPost(
        site,
        'Article',
        bob,
        articleBody({ title: 'Narwhal types', categoryId: 110, tags: [{ id: 9, subTag: 'typescript' }], isPublished: true }),
      );
    });
    const narwhal = (overrides: Partial<SearchRequestInput>) => found('/api/Search', { searchString: 'narwhal', ...overrides });

    it('by category (-1: all), entity type (1, 2, 100) and tags (any of them)', async () => {
      expect(await narwhal({ categoryId: 3 })).toEqual([ids.csharp]);
      expect(await narwhal({ categoryId: -1 })).toEqual([ids.typescript, ids.question, ids.csharp]);
      expect(await narwhal({ entityType: 1 })).toEqual([ids.typescript, ids.csharp]);
      expect(await narwhal({ entityType: 2 })).toEqual([ids.question]);
      expect(await narwhal({ Tags: [9] })).toEqual([ids.typescript]);
      expect(await narwhal({ Tags: [9, 1] })).toEqual([ids.typescript, ids.question, ids.csharp]);
    });

    it('in date order, descending or ascending (the Order dropdown sends 0 or 1)', async () => {
      expect(await narwhal({ orderByAsc: true })).toEqual([ids.csharp, ids.question, ids.typescript]);
      expect(await narwhal({ orderByAsc: 1, pager: firstSearchPager(true) })).toEqual([ids.csharp, ids.question, ids.typescript]);
      expect(await narwhal({ orderByAsc: 0 })).toEqual([ids.typescript, ids.question, ids.csharp]);
    });

    it("by author: the public call's uName (another user's profile Posts tab); an unknown one finds nothing", async () => {
      expect(await narwhal({ uName: bob.userName })).toEqual([ids.typescript]);
      expect(await narwhal({ uName: ada.userName })).toEqual([ids.question, ids.csharp]);
      expect(await narwhal({ uName: 'nobody-at-all' })).toEqual([]);
    });

    it('strips the text to letters and spaces (SPEC §5)', async () => {
      expect(await found('/api/Search', { searchString: '  Narwhal!! Tasks?? 42' })).toEqual([ids.question]);
    });
  });

  it('pages across 3+ pages with no duplicates and no gaps, both orders (SPEC §4)', async () => {
    const pager = await signUp(site, 'Paula Pager');
    const created: number[] = [];
    for (let n = 0; n < 8; n += 1) {
      const kind = n % 3 === 0 ? 'Question' : 'Article';
      const body = kind === 'Question' ? questionBody({ title: `Ocelot ${n}` }) : articleBody({ title: `Ocelot ${n}`, isPublished: true });
      created.push(await createPost(site, kind, pager, body));
    }
    for (const orderByAsc of [false, true]) {
      let next = request({ searchString: 'ocelot', orderByAsc, pager: { ...firstSearchPager(orderByAsc), pageSize: 3 } });
      const pages: number[][] = [];
      for (;;) {
        const page = (await call('/api/Search', next).expect(200)).body.result as GridPostItem[];
        if (page.length === 0) break;
        pages.push(page.map((item) => item.id));
        next = nextPageAfter(next, page);
      }
      expect(pages.map((page) => page.length)).toEqual([3, 3, 2]);
      expect(pages.flat()).toEqual(orderByAsc ? created : [...created].reverse());
    }
  });

  describe('paging while posts are published (issue 25: one combined cursor)', () => {
    const pageThrough = async (searchString: string, orderByAsc: boolean, between: (page: number) => Promise<void>) => {
      let next = request({ searchString, orderByAsc, pager: { ...firstSearchPager(orderByAsc), pageSize: 3 } });
      const pages: number[][] = [];
      for (;;) {
        const page = (await call('/api/Search', next).expect(200)).body.result as GridPostItem[];
        if (page.length === 0) return pages;
        pages.push(page.map((item) => item.id));
        next = nextPageAfter(next, page);
        await between(pages.length);
        expect(pages.length).toBeLessThan(10);
      }
    };

    it.each([false, true])(
      'over 3+ pages, posts of both kinds arriving mid-way: no duplicates, none skipped, in order (orderByAsc %s)',
      async (orderByAsc) => {
        const word = orderByAsc ? 'Okapi' : 'Tapir';
        const author = await signUp(site, `${word} Writer`);
        const article = (title: string) => createPost(site, 'Article', author, articleBody({ title, isPublished: true }));
        const question = (title: string) => createPost(site, 'Question', author, questionBody({ title }));
        // Oldest: 3 articles; newest: 4 questions, so the first descending page holds questions only.
        const created = [
          await article(`${word} a1`),
          await article(`${word} a2`),
          await article(`${word} a3`),
          await question(`${word} q1`),
          await question(`${word} q2`),
          await question(`${word} q3`),
          await question(`${word} q4`),
        ];
        const arrived: number[] = [];
        const pages = await pageThrough(word.toLowerCase(), orderByAsc, async (page) => {
          if (page > 2) return;
          arrived.push(await article(`${word} arrived article ${page}`), await question(`${word} arrived question ${page}`));
        });
        const seen = pages.flat();
        expect(new Set(seen).size).toBe(seen.length);
        if (orderByAsc) {
          // Ascending, the arrivals are the newest: they come last, in order.
          expect(seen).toEqual([...created, ...arrived]);
        } else {
          expect(pages[0]).toEqual(created.slice(3).reverse().slice(0, 3));
          expect(seen).toEqual([...created].reverse());
        }
        expect(pages.length).toBeGreaterThanOrEqual(3);
      },
    );
  });

  it('answers 400 with the schema message for a bad request', async () => {
    const bad = async (body: unknown, message: string) => {
      const response = await call('/api/Search', body).expect(400);
      expect(response.body).toMatchObject({ success: false, errorMessage: expect.stringContaining(message) });
    };
    await bad(request({ pager: { ...firstSearchPager(false), pageSize: 101 } }), SEARCH_MESSAGES.pageSizeInvalid);
    await bad({ ...request(), entityType: 3 }, SEARCH_MESSAGES.entityTypeInvalid);
    const { pager: _pager, ...withoutPager } = request();
    await bad(withoutPager, SEARCH_MESSAGES.pagerRequired);
    await call('/api/Search/ByAdmin', { ...request(), entityType: 3 }, admin).expect(400);
  });

  it('refuses an oversized search: text over 200 characters or 10 different words, over 20 tags (issue 23)', async () => {
    const bad = async (body: unknown, message: string, user?: TestUser) => {
      const response = await call(user ? '/api/Search/UserPosts' : '/api/Search', body, user).expect(400);
      expect(response.body).toEqual({ success: false, result: null, errorMessage: message, timeStamp: expect.any(String) });
    };
    await bad(request({ searchString: 'word '.repeat(30_000) }), SEARCH_MESSAGES.searchStringTooLong);
    await bad(
      request({ searchString: 'one two three four five six seven eight nine ten eleven' }),
      SEARCH_MESSAGES.searchStringTooManyWords,
    );
    await bad(request({ Tags: Array.from({ length: 100_000 }, (_, index) => index + 1) }), SEARCH_MESSAGES.tooManyTags);
    await bad(request({ Tags: Array.from({ length: 21 }, (_, index) => index + 1) }), SEARCH_MESSAGES.tooManyTags, ada);
    expect(await found('/api/Search', { searchString: 'one two three four five six seven eight nine ten One' })).toEqual([]);
  });

  it("shows an erased author as 'Deleted user', with no user name", async () => {
    const erin = await signUp(site, 'Erin Erased');
    const id = await createPost(site, 'Question', erin, questionBody({ title: 'Pangolin question' }));
    expect((await search('/api/Search', { searchString: 'pangolin' }))[0]).toMatchObject({ id, name: 'Erin Erased', uName: erin.userName });
    await site.http().delete('/api/User/').set(bearer(erin)).send({ Password: erin.password }).expect(200);
    expect((await search('/api/Search', { searchString: 'pangolin' }))[0]).toMatchObject({ id, name: 'Deleted user', uName: '' });
    // Her old user name no longer names anyone.
    expect(await found('/api/Search', { searchString: 'pangolin', uName: erin.userName })).toEqual([]);
  });

  it('gives the same results after `projections rebuild search`', async () => {
    const everything = async () => [
      await search('/api/Search/ByAdmin', { pager: { ...firstSearchPager(false), pageSize: 100 } }, admin),
      await search('/api/Search', { pager: { ...firstSearchPager(true), pageSize: 100 }, orderByAsc: true }),
    ];
    const before = await everything();
    expect(before[0].length).toBeGreaterThan(10);
    const rebuild = runCli(site.dataDir, ['projections', 'rebuild', 'search']);
    expect(rebuild.output).toMatch(/Rebuilt search/);
    expect(await everything()).toEqual(before);
  });
});
