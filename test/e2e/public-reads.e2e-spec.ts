import { firstSearchPager } from '@app/contracts';
import { basicInfoNamed, bearer, signUp, type TestUser } from '../support/accounts';
import { articleBody, createPost, questionBody } from '../support/posts';
import { startTestApp, type TestApp } from '../support/test-app';

const PUBLIC = 'public, max-age=0, must-revalidate';
const PRIVATE = 'private, no-cache';

/**
 * The public reads (issue 12): anonymous GETs of home, a post and a post's comment page are served
 * from results serialized once per read-model version, with an ETag (If-None-Match -> 304) and
 * `Cache-Control: public`; with a session, Nest answers them with the same ETag and `private`.
 * A command that changes a body changes its ETag on the very next read.
 */
describe('public reads: ETag, 304 and Cache-Control', () => {
  let site: TestApp;
  let author: TestUser;
  let reader: TestUser;
  let articleId: number;
  let questionId: number;

  beforeAll(async () => {
    site = await startTestApp();
    await site.app.listen(0);
    author = await signUp(site, 'Ada Author');
    reader = await signUp(site, 'Rita Reader');
    articleId = await createPost(site, 'Article', author, articleBody({ isPublished: true }));
    questionId = await createPost(site, 'Question', author, questionBody());
    await site.http().post('/api/ArticleComment').set(bearer(reader)).send({ articleID: articleId, content: '<p>First</p>' }).expect(200);
    await site
      .http()
      .post('/api/QuestionComment')
      .set(bearer(reader))
      .send({ questionID: questionId, content: '<p>First</p>' })
      .expect(200);
  });
  afterAll(() => site.dispose());

  const routes = () => ({
    home: '/api/Home/',
    article: `/api/Article/${articleId}`,
    question: `/api/Question/${questionId}`,
    'article comments': `/api/Article/Comments/${articleId}/-1/20/true`,
    'question comments': `/api/Question/Comments/${questionId}/-1/20/false`,
  });
  const get = (path: string, headers: Record<string, string> = {}) => site.http().get(path).set(headers);

  it.each(['home', 'article', 'question', 'article comments', 'question comments'] as const)(
    '%s: anonymous reads are public with an ETag, and If-None-Match answers 304',
    async (name) => {
      const path = routes()[name];
      const first = await get(path).expect(200);
      expect(first.headers['etag']).toMatch(/^W\/"[\w-]+"$/);
      expect(first.headers['cache-control']).toBe(PUBLIC);
      expect(first.headers['vary']).toMatch(/Authorization/);
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(first.headers['x-content-type-options']).toBe('nosniff');
      expect(first.headers['x-request-id']).toBeTruthy();
      expect(first.body).toMatchObject({ success: true, errorMessage: null });
      expect(Date.parse(first.body.timeStamp)).not.toBeNaN();

      const again = await get(path).expect(200);
      expect(again.headers['etag']).toBe(first.headers['etag']);
      expect(again.body.result).toEqual(first.body.result);

      const notModified = await get(path, { 'If-None-Match': first.headers['etag'] }).expect(304);
      expect(notModified.headers['etag']).toBe(first.headers['etag']);
      expect(notModified.headers['cache-control']).toBe(PUBLIC);
      expect(notModified.text).toBe('');
      await get(path, { 'If-None-Match': 'W/"something-else"' }).expect(200);
    },
  );

  it.each(['home', 'article', 'question', 'article comments', 'question comments'] as const)(
    '%s: Nest answers a caller with a session privately, and an anonymous one (a dead token) with the same body and ETag as the fast path',
    async (name) => {
      const path = routes()[name];
      const anonymous = await get(path).expect(200);

      const signedIn = await get(path, bearer(reader)).expect(200);
      expect(signedIn.headers['cache-control']).toBe(PRIVATE);
      expect(signedIn.headers['vary']).toMatch(/Authorization/);
      expect(signedIn.headers['etag']).toMatch(/^W\/"[\w-]+"$/);
      await get(path, { ...bearer(reader), 'If-None-Match': signedIn.headers['etag'] }).expect(304);

      // A token the guard does not accept reads as nobody, through Nest's own pipeline.
      const throughNest = await get(path, { Authorization: 'Bearer not-a-token' }).expect(200);
      expect(throughNest.body.result).toEqual(anonymous.body.result);
      expect(throughNest.headers['etag']).toBe(anonymous.headers['etag']);
      // The fast path answers before Express: the same security headers, and the same compression.
      const securityHeaders = (headers: Record<string, string>) =>
        Object.fromEntries(
          Object.entries(headers).filter(
            ([name]) => /^(content-security-policy|x-|cross-origin|referrer|origin)/.test(name) && name !== 'x-request-id',
          ),
        );
      expect(securityHeaders(anonymous.headers)).toEqual(securityHeaders(throughNest.headers));
      expect(Object.keys(securityHeaders(anonymous.headers)).length).toBeGreaterThan(6);
      const compressed = await get(path, { 'Accept-Encoding': 'gzip' }).expect(200);
      const compressedThroughNest = await get(path, { 'Accept-Encoding': 'gzip', Authorization: 'Bearer not-a-token' }).expect(200);
      expect(compressed.headers['content-encoding']).toBe(compressedThroughNest.headers['content-encoding']);
      expect(compressed.body.result).toEqual(anonymous.body.result);
    },
  );

  it('a command that changes a body changes its ETag on the next read (read-your-writes)', async () => {
    const { article, question } = routes();
    const paths = [routes().home, article, routes()['article comments']];
    const before = await Promise.all(paths.map((path) => get(path).expect(200)));

    await site
      .http()
      .put('/api/Article')
      .set(bearer(author))
      .send(articleBody({ id: articleId, title: 'Generics, revised', isPublished: true }))
      .expect(200);
    const home = await get(routes().home, { 'If-None-Match': before[0].headers['etag'] }).expect(200);
    expect(home.headers['etag']).not.toBe(before[0].headers['etag']);
    expect(home.body.result.articles.find((item: { id: number }) => item.id === articleId).title).toBe('Generics, revised');
    const edited = await get(article, { 'If-None-Match': before[1].headers['etag'] }).expect(200);
    expect(edited.body.result.title).toBe('Generics, revised');

    await site.http().put('/api/Article/Like').set(bearer(reader)).send({ id: articleId, isLiked: true }).expect(200);
    const liked = await get(article, { 'If-None-Match': edited.headers['etag'] }).expect(200);
    expect(liked.body.result.likes).toBe(1);

    await site.http().post('/api/ArticleComment').set(bearer(author)).send({ articleID: articleId, content: '<p>Second</p>' }).expect(200);
    const comments = await get(paths[2], { 'If-None-Match': before[2].headers['etag'] }).expect(200);
    expect(comments.body.result.map((comment: { content: string }) => comment.content)).toEqual(['<p>First</p>', '<p>Second</p>']);

    // Nothing changed for the question: its tag still holds.
    const unchanged = await get(question).expect(200);
    await get(question, { 'If-None-Match': unchanged.headers['etag'] }).expect(304);
  });

  it('a renamed author shows with their new name at once, on home, the post and the comments', async () => {
    const before = await get(routes().home).expect(200);
    await site.http().put('/api/User/').set(bearer(author)).send(basicInfoNamed('Ada Renamed')).expect(200);

    const home = await get(routes().home, { 'If-None-Match': before.headers['etag'] }).expect(200);
    const names = [...home.body.result.articles, ...home.body.result.questions]
      .filter((item: { uName: string }) => item.uName === author.userName)
      .map((item: { name: string }) => item.name);
    expect(names).toEqual(['Ada Renamed', 'Ada Renamed']);
    expect((await get(routes().article).expect(200)).body.result.name).toBe('Ada Renamed');
    const comments = (await get(routes()['article comments']).expect(200)).body.result as { uName: string; name: string }[];
    expect(comments.filter((comment) => comment.uName === author.userName).map((comment) => comment.name)).toEqual(['Ada Renamed']);
  });

  it('errors are not cached: a hidden post is 404 until published, bad parameters 400 as before', async () => {
    const draftId = await createPost(site, 'Article', author, articleBody({ isPublished: false }));
    const hidden = await get(`/api/Article/${draftId}`).expect(404);
    expect(hidden.body).toMatchObject({ success: false, errorMessage: 'Article not found.' });
    expect(hidden.headers['cache-control']).toBeUndefined();
    await get(`/api/Article/Comments/${draftId}/-1/20/true`).expect(404);

    await site
      .http()
      .put('/api/Article')
      .set(bearer(author))
      .send(articleBody({ id: draftId, isPublished: true }))
      .expect(200);
    expect((await get(`/api/Article/${draftId}`).expect(200)).body.result.id).toBe(draftId);

    expect((await get('/api/Article/abc').expect(400)).body).toMatchObject({
      success: false,
      errorMessage: 'Article id must be a number.',
    });
    expect((await get(`/api/Article/Comments/${articleId}/-1/0/true`).expect(400)).body).toMatchObject({
      success: false,
      errorMessage: 'The page parameters are invalid.',
    });
  });

  it("search: anonymous results come from the cache, equal to Nest's, and a new post is found as soon as its call answers", async () => {
    const search = (headers: Record<string, string> = {}) =>
      site
        .http()
        .post('/api/Search')
        .set(headers)
        .send({ searchString: 'cancel', orderByAsc: false, pager: firstSearchPager(false, 10) })
        .expect(200);
    const ids = (response: { body: { result: { id: number }[] } }) => response.body.result.map((item) => item.id);
    const first = await search();
    expect(first.body).toMatchObject({ success: true, errorMessage: null });
    expect(ids(first)).toEqual([questionId]);
    expect(first.headers['etag']).toBeUndefined();
    expect(first.headers['cache-control']).toBeUndefined();
    expect((await search({ Authorization: 'Bearer not-a-token' })).body.result).toEqual(first.body.result);

    const newer = await createPost(site, 'Question', author, questionBody({ title: 'How do I cancel a Thread?' }));
    expect(ids(await search())).toEqual([newer, questionId]);
    expect(ids(await search({ 'Idempotency-Key': 'search-once' }))).toEqual([newer, questionId]);

    const invalid = await site.http().post('/api/Search').send({ searchString: 5 }).expect(400);
    expect(invalid.body).toMatchObject({ success: false });
  });

  it('the request log and metrics label fast-path reads with the route pattern', async () => {
    await get(routes().article).expect(200);
    const metrics = await get('/metrics').expect(200);
    expect(metrics.text).toMatch(/http_requests_total\{[^}]*route="\/api\/Article\/:id"[^}]*\} \d+/);
    expect(metrics.text).toMatch(/http_requests_total\{[^}]*route="\/api\/Home"[^}]*\} \d+/);
  });

  /** How often the read cache of `route` answered (hit) or read again (miss), from GET /metrics. */
  const cacheCounts = async (route: string) => {
    const { text } = await get('/metrics').expect(200);
    const count = (outcome: string) => {
      const pattern = new RegExp(
        `devcommunity_public_read_cache_total\\{route="${route.replace(/[/:]/g, (c) => `\\${c}`)}",outcome="${outcome}"\\} (\\d+)`,
      );
      return Number(pattern.exec(text)?.[1] ?? 0);
    };
    return { hit: count('hit'), miss: count('miss') };
  };
  const ARTICLE_ROUTE = '/api/Article/:id';
  const COMMENTS_ROUTE = '/api/Article/Comments/:postId/:lastFetchedId/:pageSize/:oldestFirst';

  it('a like on one post leaves the cached read of another alone; a comment invalidates the comment page it was made on', async () => {
    const postA = await createPost(site, 'Article', author, articleBody({ isPublished: true, title: 'Post A' }));
    const postB = await createPost(site, 'Article', author, articleBody({ isPublished: true, title: 'Post B' }));
    const warm = await get(`/api/Article/${postB}`).expect(200);
    await get(`/api/Article/${postA}`).expect(200);
    await get(`/api/Article/Comments/${postA}/-1/20/true`).expect(200);

    await site.http().put('/api/Article/Like').set(bearer(reader)).send({ id: postA, isLiked: true }).expect(200);
    const before = await cacheCounts(ARTICLE_ROUTE);
    const b = await get(`/api/Article/${postB}`).expect(200);
    expect(b.headers['etag']).toBe(warm.headers['etag']);
    expect(await cacheCounts(ARTICLE_ROUTE)).toEqual({ hit: before.hit + 1, miss: before.miss });
    expect((await get(`/api/Article/${postA}`).expect(200)).body.result.likes).toBe(1);
    expect(await cacheCounts(ARTICLE_ROUTE)).toEqual({ hit: before.hit + 1, miss: before.miss + 1 });

    const comments = await cacheCounts(COMMENTS_ROUTE);
    await site.http().post('/api/ArticleComment').set(bearer(reader)).send({ articleID: postA, content: '<p>On A</p>' }).expect(200);
    const page = await get(`/api/Article/Comments/${postA}/-1/20/true`).expect(200);
    expect(page.body.result.map((comment: { content: string }) => comment.content)).toEqual(['<p>On A</p>']);
    expect((await cacheCounts(COMMENTS_ROUTE)).miss).toBe(comments.miss + 1);
    // The post B read still holds.
    await get(`/api/Article/${postB}`, { 'If-None-Match': warm.headers['etag'] }).expect(304);
  });

  it('a logged-in reader gets the shared result from the same cache with their own isLikedByMe; the author goes through Nest', async () => {
    const other = await signUp(site, 'Otto Other');
    const postId = await createPost(site, 'Article', author, articleBody({ isPublished: true, title: 'Liked by Rita' }));
    await site.http().put('/api/Article/Like').set(bearer(reader)).send({ id: postId, isLiked: true }).expect(200);
    const path = `/api/Article/${postId}`;
    const anonymous = await get(path).expect(200);
    expect(anonymous.body.result.isLikedByMe).toBe(false);

    const before = await cacheCounts(ARTICLE_ROUTE);
    const liking = await get(path, bearer(reader)).expect(200);
    expect(liking.body.result).toEqual({ ...anonymous.body.result, isLikedByMe: true });
    expect(liking.headers['cache-control']).toBe(PRIVATE);
    expect(liking.headers['vary']).toMatch(/Authorization/);
    expect(liking.headers['etag']).not.toBe(anonymous.headers['etag']);
    await get(path, { ...bearer(reader), 'If-None-Match': liking.headers['etag'] }).expect(304);
    const notLiking = await get(path, bearer(other)).expect(200);
    expect(notLiking.body.result).toEqual(anonymous.body.result);
    expect(notLiking.headers['etag']).toBe(anonymous.headers['etag']);
    expect(notLiking.headers['cache-control']).toBe(PRIVATE);
    expect(await cacheCounts(ARTICLE_ROUTE)).toEqual({ hit: before.hit + 3, miss: before.miss });

    // Their own writes show on their next read.
    await site.http().put('/api/Article/Like').set(bearer(reader)).send({ id: postId, isLiked: false }).expect(200);
    const unliked = await get(path, bearer(reader)).expect(200);
    expect(unliked.body.result).toMatchObject({ isLikedByMe: false, likes: 0 });

    // The author may see more than anyone else (owner-only fields): Nest answers them in full.
    const own = await get(path, bearer(author)).expect(200);
    expect(own.body.result).toMatchObject({ id: postId, title: 'Liked by Rita', isLikedByMe: false });
    expect(own.headers['cache-control']).toBe(PRIVATE);

    // Home is the same for everyone: the anonymous body and tag, kept privately.
    const home = await get(routes().home).expect(200);
    const homeSignedIn = await get(routes().home, bearer(reader)).expect(200);
    expect(homeSignedIn.body.result).toEqual(home.body.result);
    expect(homeSignedIn.headers['etag']).toBe(home.headers['etag']);
    expect(homeSignedIn.headers['cache-control']).toBe(PRIVATE);
  });
});
