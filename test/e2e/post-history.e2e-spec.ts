import { bearer, makeAdmin, signUp, type TestUser } from '../support/accounts';
import { articleBody, createPost, questionBody } from '../support/posts';
import { startTestApp, type TestApp } from '../support/test-app';

/** Post history (issue 13): every revision from the post's stream, for its owner and admins. */
describe('post history', () => {
  let site: TestApp;
  let author: TestUser;
  let other: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    site = await startTestApp({ clock: () => new Date('2026-03-01T10:00:00.000Z') });
    author = await signUp(site, 'Ada Author');
    other = await signUp(site, 'Olga Other');
    admin = await makeAdmin(site, await signUp(site, 'Root Admin'));
  });
  afterAll(() => site.dispose());

  const history = (kind: 'Article' | 'Question', id: number | string, user: TestUser | null) =>
    site
      .http()
      .get(`/api/${kind}/${id}/History`)
      .set(user ? bearer(user) : {});

  it('lists every revision of an article with who, when, what kind of change and the fields at that revision', async () => {
    const id = await createPost(site, 'Article', author, articleBody({ title: 'First title', defaultImageId: 7 }));
    const put = (body: object, user: TestUser) => site.http().put('/api/Article').set(bearer(user)).send(body).expect(200);
    await put(articleBody({ id, title: 'Second title', content: '<p>Rewritten</p>', categoryId: 121, defaultImageId: 7 }), author);
    await put(
      articleBody({ id, title: 'Second title', content: '<p>Rewritten</p>', categoryId: 121, defaultImageId: 7, isPublished: true }),
      author,
    );
    await site.http().put('/api/Article/Approve').set(bearer(admin)).send({ id, isApproved: false }).expect(200);
    await site.http().put('/api/Article/Approve').set(bearer(admin)).send({ id, isApproved: true }).expect(200);
    await put(
      articleBody({ id, title: 'Admin title', content: '<p>Rewritten</p>', categoryId: 121, defaultImageId: 7, isPublished: true }),
      admin,
    );

    const response = await history('Article', id, author).expect(200);
    expect(response.body.success).toBe(true);
    const revisions = response.body.result as Record<string, unknown>[];
    expect(
      revisions.map(({ revision, change, uName, title, isPublished, isApproved }) => [
        revision,
        change,
        uName,
        title,
        isPublished,
        isApproved,
      ]),
    ).toEqual([
      [1, 'create', author.userName, 'First title', false, true],
      [2, 'default-image', author.userName, 'First title', false, true],
      [3, 'edit', author.userName, 'Second title', false, true],
      [4, 'publish', author.userName, 'Second title', true, true],
      [5, 'unapprove', admin.userName, 'Second title', true, false],
      [6, 'approve', admin.userName, 'Second title', true, true],
      [7, 'edit', admin.userName, 'Admin title', true, true],
    ]);
    const [created, , edited] = revisions;
    const body = articleBody();
    expect(created).toEqual({
      revision: 1,
      change: 'create',
      uName: author.userName,
      name: 'Ada Author',
      at: '2026-03-01T10:00:00.000Z',
      title: 'First title',
      categoryId: 3,
      category: 'C#',
      tags: body.tags,
      content: body.content,
      description: body.description,
      source: body.source,
      instructions: body.instructions,
      isPublished: false,
      isApproved: true,
      defaultImageId: -1,
    });
    expect(edited).toMatchObject({ categoryId: 121, category: 'Design Patterns', content: '<p>Rewritten</p>', defaultImageId: 7 });
    expect(revisions[6]).toMatchObject({ name: 'Root Admin' });

    // Admins read the same history.
    expect((await history('Article', id, admin).expect(200)).body.result).toEqual(revisions);
  });

  it('lists the revisions of a question (always published, no article fields)', async () => {
    const id = await createPost(site, 'Question', author, questionBody({ title: 'Asked' }));
    await site
      .http()
      .put('/api/Question')
      .set(bearer(author))
      .send(questionBody({ id, title: 'Asked better' }))
      .expect(200);
    const revisions = (await history('Question', id, author).expect(200)).body.result as Record<string, unknown>[];
    expect(revisions).toEqual([
      expect.objectContaining({
        revision: 1,
        change: 'create',
        title: 'Asked',
        isPublished: true,
        description: null,
        category: 'Multithreading',
      }),
      expect.objectContaining({ revision: 2, change: 'edit', title: 'Asked better', source: null, instructions: null }),
    ]);
    // The same id is no article.
    await history('Article', id, author).expect(404);
  });

  it('is for the owner and admins: 401 anonymous, 403 others, 404 unknown, hidden or deleted', async () => {
    const published = await createPost(site, 'Article', author, articleBody({ isPublished: true }));
    const draft = await createPost(site, 'Article', author, articleBody());
    const envelope = { success: false, errorMessage: expect.any(String) };
    expect((await history('Article', published, null).expect(401)).body).toMatchObject(envelope);
    expect((await history('Article', published, other).expect(403)).body).toMatchObject(envelope);
    // A draft stays hidden from others: not found, as GET /api/Article/{id} says.
    expect((await history('Article', draft, other).expect(404)).body).toMatchObject({ success: false, errorMessage: 'Article not found.' });
    expect((await history('Article', 999_999, author).expect(404)).body.errorMessage).toBe('Article not found.');
    expect((await history('Question', 999_999, admin).expect(404)).body.errorMessage).toBe('Question not found.');
    expect((await history('Article', 'x', author).expect(400)).body).toMatchObject({
      success: false,
      errorMessage: 'Article id must be a number.',
    });

    await site.http().delete(`/api/Article/${published}`).set(bearer(author)).expect(200);
    await history('Article', published, author).expect(404);
    await history('Article', published, admin).expect(404);
  });

  it("shows an erased author as 'Deleted user' to admins", async () => {
    const erin = await signUp(site, 'Erin Erased');
    const id = await createPost(site, 'Question', erin, questionBody({ title: 'Erased question' }));
    await site.http().put('/api/Question/Approve').set(bearer(admin)).send({ id, isApproved: false }).expect(200);
    await site.http().delete('/api/User/').set(bearer(erin)).send({ Password: erin.password }).expect(200);

    const revisions = (await history('Question', id, admin).expect(200)).body.result as Record<string, unknown>[];
    expect(revisions.map(({ change, uName, name }) => [change, uName, name])).toEqual([
      ['create', '', 'Deleted user'],
      ['unapprove', admin.userName, 'Root Admin'],
    ]);
    expect(JSON.stringify(revisions)).not.toContain(erin.userName);
  });
});
