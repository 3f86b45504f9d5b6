import type { Comment, GridPostItem, SearchRequestInput } from '@app/contracts';
import { bearer, givenAccounts, signUp, type TestUser } from '../support/accounts';
import { articleBody, createPost, questionBody, searchRequest } from '../support/posts';
import { runCli } from '../support/run-cli';
import { startTestApp, type TestApp } from '../support/test-app';

/** Issue 27: `sort` (latest, top, trending) and `status` (any, unanswered, solved) on POST /api/Search, and `isSolved` on its rows. */
describe('search sorts and status', () => {
  let site: TestApp;
  let ada: TestUser;
  let bob: TestUser;
  let readers: TestUser[];
  /** Twelve questions by Ada, oldest first; question k has k % 4 likes. */
  let questions: number[];
  let articleId: number;
  const likesOf = new Map<number, number>();

  // The comment rate limit counts on the site's clock: each comment is 31 s after the previous one.
  let clockMs = Date.now();
  const clock = () => new Date(clockMs);

  const comment = async (user: TestUser, questionId: number) => {
    clockMs += 31_000;
    const response = await site
      .http()
      .post('/api/QuestionComment')
      .set(bearer(user))
      .send({ content: '<p>Try this.</p>', questionID: questionId, parentId: -1, attachedFiles: [] })
      .expect(200);
    return (response.body.result as Comment).id;
  };
  const like = (user: TestUser, id: number) =>
    site.http().put('/api/Question/Like').set(bearer(user)).send({ id, isLiked: true }).expect(200);
  const ask = (title: string) => createPost(site, 'Question', ada, questionBody({ title }));

  const search = async (overrides: Partial<SearchRequestInput>): Promise<GridPostItem[]> =>
    (await site.http().post('/api/Search').send(searchRequest(overrides)).expect(200)).body.result as GridPostItem[];
  const found = async (overrides: Partial<SearchRequestInput>) => (await search(overrides)).map((row) => row.id);

  /** Pages as the SPA does: `latest` beyond the last ids, `top`/`trending` beyond the last row's score and id. */
  const pageThrough = async (
    overrides: Partial<SearchRequestInput>,
    pageSize: number,
    between: (page: number, seen: number[]) => Promise<void>,
  ) => {
    let pager: SearchRequestInput['pager'] = { ...searchRequest().pager, pageSize };
    const pages: number[][] = [];
    for (;;) {
      const page = await search({ ...overrides, pager });
      if (page.length === 0) return pages;
      pages.push(page.map((row) => row.id));
      const last = page[page.length - 1];
      pager =
        last.sortScore === undefined
          ? { ...pager, lastFetchedArticleId: last.id, lastFetchedQuestionId: last.id }
          : { ...pager, lastFetchedScore: { score: last.sortScore, id: last.id } };
      await between(pages.length, pages.flat());
      expect(pages.length).toBeLessThan(20);
    }
  };

  beforeAll(async () => {
    site = await startTestApp({ clock });
    ada = await signUp(site, 'Ada Asker');
    bob = await signUp(site, 'Bob Answerer');
    readers = await givenAccounts(site, 4);
    articleId = await createPost(site, 'Article', ada, articleBody({ title: 'An article', isPublished: true }));
    questions = [];
    for (let k = 0; k < 12; k++) questions.push(await ask(`Question ${k}`));
    for (const [k, id] of questions.entries()) {
      likesOf.set(id, k % 4);
      for (const reader of readers.slice(0, k % 4)) await like(reader, id);
    }
    await comment(bob, questions[1]);
    const accepted = await comment(bob, questions[4]);
    await comment(bob, questions[7]);
    await comment(ada, questions[2]); // the author's own comment answers nothing
    await site
      .http()
      .put('/api/Question/AcceptAnswer')
      .set(bearer(ada))
      .send({ questionId: questions[4], commentId: accepted })
      .expect(200);
  }, 120_000);
  afterAll(() => site.dispose());

  const newestFirst = (ids: number[]) => [...ids].sort((a, b) => b - a);
  const unanswered = () => newestFirst(questions.filter((_, k) => ![1, 4, 7].includes(k)));
  const byLikes = () => [...questions].sort((a, b) => likesOf.get(b)! - likesOf.get(a)! || b - a);

  it('unanswered: the questions nobody but their author commented, articles left out', async () => {
    expect(await found({ status: 'unanswered' })).toEqual(unanswered());
  });

  it('solved: the question with an accepted answer, marked isSolved on its row; other questions are not, articles carry no mark', async () => {
    const [solved, ...rest] = await search({ status: 'solved' });
    expect(rest).toEqual([]);
    expect(solved).toMatchObject({ id: questions[4], isSolved: true });
    const rows = await search({});
    expect(rows.find((row) => row.id === questions[1])).toMatchObject({ isSolved: false });
    expect(rows.find((row) => row.id === articleId)).not.toHaveProperty('isSolved');
  });

  it('top: most likes first, ties newest first, each row with its sortScore', async () => {
    const rows = await search({ sort: 'top', entityType: 2 });
    expect(rows.map((row) => row.id)).toEqual(byLikes());
    expect(rows.map((row) => row.sortScore)).toEqual(byLikes().map((id) => likesOf.get(id)));
  });

  it("trending: today's likes and comments count", async () => {
    const rows = await search({ sort: 'trending', entityType: 2, pager: { ...searchRequest().pager, pageSize: 2 } });
    // Question 7: 3 likes and an answer today; questions 11, 3 and 2 (2 likes and its author's comment): 3, newest first.
    expect(rows.map((row) => [row.id, row.sortScore])).toEqual([
      [questions[7], 4],
      [questions[11], 3],
    ]);
  });

  it('pages unanswered questions over 3 pages with questions asked and likes of seen ones arriving in between', async () => {
    const expected = unanswered();
    const pages = await pageThrough({ status: 'unanswered' }, 3, async (page, seen) => {
      clockMs += 1_000;
      await ask(`Asked while paging ${page}`);
      await like(readers[3], seen[page - 1]);
      likesOf.set(seen[page - 1], likesOf.get(seen[page - 1])! + 1);
    });
    expect(pages.length).toBe(3);
    expect(pages.flat()).toEqual(expected);
  });

  it('pages top questions over 3+ pages with no duplicates and nothing skipped while new questions and likes of seen ones arrive', async () => {
    const expected = byLikes();
    const pages = await pageThrough({ sort: 'top', entityType: 2 }, 4, async (page, seen) => {
      const id = await ask(`Asked while paging top ${page}`);
      likesOf.set(id, 0);
      await like(readers[3], seen[seen.length - 1]);
    });
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const seen = pages.flat();
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => questions.includes(id))).toEqual(expected);
  });

  it('gives the same sorted and filtered results after `projections rebuild search`', async () => {
    const pager = { ...searchRequest().pager, pageSize: 100 };
    const everything = async () => [
      await search({ sort: 'top', pager }),
      await search({ sort: 'trending', pager }),
      await search({ status: 'unanswered', entityType: 2, pager }),
      await search({ status: 'solved', entityType: 2, pager }),
    ];
    const before = await everything();
    expect(before.every((rows) => rows.length > 0)).toBe(true);
    expect(runCli(site.dataDir, ['projections', 'rebuild', 'search']).output).toMatch(/Rebuilt search/);
    expect(await everything()).toEqual(before);
  });

  it.each([
    [{ sort: 'best' }, "- sort must be 'latest', 'top' or 'trending'"],
    [{ status: 'open' }, "- status must be 'any', 'unanswered' or 'solved'"],
    [{ sort: 'top', pager: { ...searchRequest().pager, lastFetchedScore: { score: -1, id: 1 } } }, '- lastFetchedScore must be'],
  ])('refuses %j with a 400 envelope', async (values, message) => {
    const response = await site
      .http()
      .post('/api/Search')
      .send({ ...searchRequest(), ...values })
      .expect(400);
    expect(response.body).toMatchObject({ success: false, errorMessage: expect.stringContaining(message) });
    expect(JSON.stringify(response.body)).not.toContain('    at ');
  });
});
