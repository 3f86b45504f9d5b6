import { bearer, makeAdmin, signUp, type TestUser } from '../support/accounts';
import { articleBody, createPost, questionBody } from '../support/posts';
import { startTestApp, type TestApp } from '../support/test-app';

interface ModerationPost {
  id: number;
  entityType: number;
  title: string;
  name: string;
  uName: string;
  tags: { id: number; subTag: string }[];
  likes: number;
  isApproved: boolean;
  isPublished: boolean;
  createdOn: string;
  updatedOn: string | null;
  articleDescription: string | null;
}

/** The Admin Panel's post list (issue 4): every post not deleted, newest first, admins only. */
describe('GET /api/Moderation/Posts', () => {
  let site: TestApp;
  let author: TestUser;
  let admin: TestUser;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    site = await startTestApp();
    author = await signUp(site, 'Ada Author');
    admin = await makeAdmin(site, await signUp(site, 'Root Admin'));
    // Oldest first: a draft, a published article, a question, a deleted article, an unapproved question.
    ids.draft = await createPost(site, 'Article', author, articleBody({ title: 'A draft article' }));
    ids.published = await createPost(site, 'Article', author, articleBody({ title: 'A published article', isPublished: true }));
    ids.question = await createPost(site, 'Question', author, questionBody({ title: 'A question' }));
    ids.deleted = await createPost(site, 'Article', author, articleBody({ title: 'A deleted article', isPublished: true }));
    await site.http().delete(`/api/Article/${ids.deleted}`).set(bearer(author)).expect(200);
    ids.unapproved = await createPost(site, 'Question', author, questionBody({ title: 'An unapproved question' }));
    await site.http().put('/api/Question/Approve').set(bearer(admin)).send({ id: ids.unapproved, isApproved: false }).expect(200);
  });
  afterAll(() => site.dispose());

  const list = (query: Record<string, string | number> = {}, user: TestUser | null = admin) =>
    site
      .http()
      .get('/api/Moderation/Posts')
      .query(query)
      .set(user ? bearer(user) : {});
  const postsOf = async (query: Record<string, string | number> = {}) => (await list(query).expect(200)).body.result as ModerationPost[];

  it('lists every post that is not deleted, drafts and unapproved ones included, newest first', async () => {
    const posts = await postsOf();
    expect(posts.map((post) => post.id)).toEqual([ids.unapproved, ids.question, ids.published, ids.draft]);
    expect(posts.map((post) => [post.title, post.entityType, post.isPublished, post.isApproved])).toEqual([
      ['An unapproved question', 2, true, false],
      ['A question', 2, true, true],
      ['A published article', 1, true, true],
      ['A draft article', 1, false, true],
    ]);
  });

  it('answers SPEC grid post items with the author display name and whether the post is published', async () => {
    const [question, , article, draft] = await postsOf();
    expect(article).toEqual({
      id: ids.published,
      entityType: 1,
      title: 'A published article',
      name: 'Ada Author',
      uName: author.userName,
      tags: articleBody().tags,
      likes: 0,
      isApproved: true,
      isPublished: true,
      createdOn: expect.any(String),
      // Created published: the publish counts as its first change.
      updatedOn: expect.any(String),
      articleDescription: articleBody().description,
    });
    expect(draft).toMatchObject({ isPublished: false, updatedOn: null });
    expect(question).toMatchObject({ entityType: 2, name: 'Ada Author', articleDescription: null, isPublished: true });
  });

  it('pages below lastFetchedId, pageSize at a time, until an empty page', async () => {
    const first = await postsOf({ pageSize: 2 });
    expect(first.map((post) => post.id)).toEqual([ids.unapproved, ids.question]);
    const second = await postsOf({ pageSize: 2, lastFetchedId: first[1].id });
    expect(second.map((post) => post.id)).toEqual([ids.published, ids.draft]);
    expect(await postsOf({ pageSize: 2, lastFetchedId: second[1].id })).toEqual([]);
    // The SPA's descending pager starts at a very large number.
    expect((await postsOf({ lastFetchedId: 10_000_000_000_000_000 })).map((post) => post.id)).toEqual([
      ids.unapproved,
      ids.question,
      ids.published,
      ids.draft,
    ]);
  });

  it('filters by entity type', async () => {
    expect((await postsOf({ entityType: 1 })).map((post) => post.id)).toEqual([ids.published, ids.draft]);
    expect((await postsOf({ entityType: 2 })).map((post) => post.id)).toEqual([ids.unapproved, ids.question]);
    expect((await postsOf({ entityType: 100, pageSize: 1 })).map((post) => post.id)).toEqual([ids.unapproved]);
  });

  it('shows a change at once (read-your-writes)', async () => {
    await site.http().put('/api/Article/Approve').set(bearer(admin)).send({ id: ids.published, isApproved: false }).expect(200);
    expect((await postsOf({ entityType: 1 })).find((post) => post.id === ids.published)?.isApproved).toBe(false);
    await site.http().put('/api/Article/Approve').set(bearer(admin)).send({ id: ids.published, isApproved: true }).expect(200);
    await site.http().delete(`/api/Article/${ids.draft}`).set(bearer(admin)).expect(200);
    expect((await postsOf({ entityType: 1 })).map((post) => post.id)).toEqual([ids.published]);
  });

  it('is for admins only: 401 anonymous, 403 for a user', async () => {
    expect((await list({}, null).expect(401)).body).toMatchObject({ success: false, errorMessage: expect.any(String) });
    expect((await list({}, author).expect(403)).body).toMatchObject({ success: false, errorMessage: expect.any(String) });
  });

  it('answers 400 for bad query values', async () => {
    expect((await list({ entityType: 3 }).expect(400)).body.errorMessage).toBe('Entity type must be 1, 2 or 100.');
    expect((await list({ entityType: 'all' }).expect(400)).body.errorMessage).toBe('Entity type must be 1, 2 or 100.');
    expect((await list({ lastFetchedId: 'x' }).expect(400)).body.errorMessage).toBe('Last fetched id must be a number.');
    expect((await list({ pageSize: 0 }).expect(400)).body.errorMessage).toBe('Page size must be between 1 and 100.');
    expect((await list({ pageSize: 101 }).expect(400)).body.errorMessage).toBe('Page size must be between 1 and 100.');
  });
});
