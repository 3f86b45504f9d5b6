import { bearer, makeAdmin, signUp, type TestUser } from './accounts';
import { articleBody, createPost, questionBody } from './posts';
import { startTestApp, type TestApp } from './test-app';

/** A site with a post's author, another user and an admin: the cast of the article and question specs. */
export async function startPostSite(ownerName: string): Promise<{ site: TestApp; owner: TestUser; other: TestUser; admin: TestUser }> {
  const site = await startTestApp();
  const owner = await signUp(site, ownerName);
  const other = await signUp(site, 'Olga Other');
  const admin = await makeAdmin(site, await signUp(site, 'Root Admin'));
  return { site, owner, other, admin };
}

export const authAs = (user: TestUser | null) => (user ? bearer(user) : {});

/** The calls of one post route family (SPEC §7), on the site `siteOf` returns once it has started. */
export function postRoutes(siteOf: () => TestApp, route: 'Article' | 'Question') {
  const http = () => siteOf().http();
  const homeList = route === 'Article' ? 'articles' : 'questions';
  return {
    get: (id: number | string, user: TestUser | null = null) => http().get(`/api/${route}/${id}`).set(authAs(user)),
    put: (body: object, user: TestUser | null) => http().put(`/api/${route}`).set(authAs(user)).send(body),
    approve: (id: number, isApproved: boolean, user: TestUser | null) =>
      http().put(`/api/${route}/Approve`).set(authAs(user)).send({ id, isApproved }),
    remove: (id: number | string, user: TestUser | null) => http().delete(`/api/${route}/${id}`).set(authAs(user)),
    /** The ids home lists for this kind, newest first. */
    homeIds: async () => ((await http().get('/api/Home/').expect(200)).body.result[homeList] as { id: number }[]).map((post) => post.id),
  };
}

/** A listening site with an author's published article and question, a reader and an admin: the cast of the like and reading-list specs. */
export async function startSiteWithPosts(): Promise<{
  site: TestApp;
  author: TestUser;
  reader: TestUser;
  admin: TestUser;
  articleId: number;
  questionId: number;
}> {
  const site = await startTestApp();
  // One listening server for every request (supertest would otherwise open one per request).
  await site.app.listen(0);
  const author = await signUp(site, 'Ada Author');
  const reader = await signUp(site, 'Rita Reader');
  const admin = await makeAdmin(site, await signUp(site, 'Root Admin'));
  const articleId = await createPost(site, 'Article', author, articleBody({ isPublished: true }));
  const questionId = await createPost(site, 'Question', author, questionBody());
  return { site, author, reader, admin, articleId, questionId };
}

/** A listening site with an author's published article and two readers, Ann and Bob: the cast of the inbox specs. */
export async function startSiteWithArticle(): Promise<{
  site: TestApp;
  author: TestUser;
  ann: TestUser;
  bob: TestUser;
  articleId: number;
}> {
  const site = await startTestApp({ env: { RATE_LIMITS: 'off' } });
  await site.app.listen(0);
  const author = await signUp(site, 'Ada Author');
  const ann = await signUp(site, 'Ann Reader');
  const bob = await signUp(site, 'Bob Reader');
  const articleId = await createPost(site, 'Article', author, articleBody({ isPublished: true, title: 'Engines of thought' }));
  return { site, author, ann, bob, articleId };
}

/** A site under pre-moderation (MODERATION=pre) with an author and an admin who approves. */
export async function startPreModeratedSite(): Promise<{ site: TestApp; owner: TestUser; admin: TestUser }> {
  const site = await startTestApp({ env: { MODERATION: 'pre' } });
  const owner = await signUp(site, 'Pat Patient');
  const admin = await makeAdmin(site, await signUp(site, 'Mo Moderator'));
  return { site, owner, admin };
}

/**
 * A site a describe block's tests share: started before them (`start`, e.g. startPostSite), disposed
 * after. Read its fields inside the tests; a test may replace `site` (a restart).
 */
export function useStartedSite<Cast extends { site: TestApp }>(start: () => Promise<Cast>): Cast {
  const cast = {} as Cast;
  beforeAll(async () => Object.assign(cast, await start()));
  afterAll(() => cast.site.dispose());
  return cast;
}
