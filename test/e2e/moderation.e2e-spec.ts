import { bearer, makeAdmin, signUp, type TestUser } from '../support/accounts';
import { articleBody, createPost, questionBody } from '../support/posts';
import { startTestApp, type TestApp } from '../support/test-app';

/** Moderation history (issue 4): per post and the Admin Panel's recent feed, admins only. */
describe('moderation history', () => {
  let site: TestApp;
  let author: TestUser;
  let other: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    site = await startTestApp();
    author = await signUp(site, 'Ada Author');
    other = await signUp(site, 'Olga Other');
    admin = await makeAdmin(site, await signUp(site, 'Root Admin'));
  });
  afterAll(() => site.dispose());

  const history = (entityType: number | string, id: number | string, user: TestUser | null = admin) =>
    site
      .http()
      .get(`/api/Moderation/${entityType}/${id}`)
      .set(user ? bearer(user) : {});
  const recent = (user: TestUser | null = admin) =>
    site
      .http()
      .get('/api/Moderation')
      .set(user ? bearer(user) : {});

  it('lists every action on an article, oldest first, with who did it and when', async () => {
    const id = await createPost(site, 'Article', author, articleBody());
    const put = (body: object, user: TestUser) => site.http().put('/api/Article').set(bearer(user)).send(body).expect(200);
    const approve = (isApproved: boolean) =>
      site.http().put('/api/Article/Approve').set(bearer(admin)).send({ id, isApproved }).expect(200);
    await put(articleBody({ id, isPublished: true }), author);
    await put(articleBody({ id, isPublished: true, title: 'Edited', defaultImageId: 4 }), author);
    await approve(false);
    await approve(false); // already unapproved: changes nothing, logs nothing
    await approve(true);
    await put(articleBody({ id, isPublished: false, title: 'Edited', defaultImageId: 4 }), author);
    await put(articleBody({ id, isPublished: false, title: 'Edited by admin', defaultImageId: 4 }), admin);
    await site.http().delete(`/api/Article/${id}`).set(bearer(admin)).expect(200);

    const response = await history(1, id).expect(200);
    const entries = response.body.result as { action: string; actor: string; at: string }[];
    expect(entries.map(({ action, actor }) => [action, actor])).toEqual([
      ['create', author.userName],
      ['publish', author.userName],
      ['edit', author.userName],
      ['unapprove', admin.userName],
      ['approve', admin.userName],
      ['unpublish', author.userName],
      ['edit', admin.userName],
      ['delete', admin.userName],
    ]);
    expect(entries.every((entry) => Object.keys(entry).sort().join() === 'action,actor,at')).toBe(true);
    const times = entries.map((entry) => Date.parse(entry.at));
    expect(times.every((time, index) => !Number.isNaN(time) && (index === 0 || time >= times[index - 1]))).toBe(true);
  });

  it('lists the actions on a question', async () => {
    const id = await createPost(site, 'Question', author, questionBody());
    await site.http().put('/api/Question/Approve').set(bearer(admin)).send({ id, isApproved: false }).expect(200);
    const entries = (await history(2, id).expect(200)).body.result as { action: string; actor: string }[];
    expect(entries.map(({ action, actor }) => [action, actor])).toEqual([
      ['create', author.userName],
      ['unapprove', admin.userName],
    ]);
    // The same id is no article.
    await history(1, id).expect(404);
  });

  it('is for admins only', async () => {
    const id = await createPost(site, 'Question', author, questionBody());
    await history(2, id, null).expect(401);
    await history(2, id, author).expect(403);
    await history(2, id, other).expect(403);
    await recent(null).expect(401);
    expect((await recent(author).expect(403)).body).toMatchObject({ success: false, errorMessage: expect.any(String) });
  });

  it('answers 400 for a bad entity type or id and 404 for an unknown post', async () => {
    expect((await history(3, 1).expect(400)).body.errorMessage).toBe('Entity type must be 1 (article) or 2 (question).');
    expect((await history('article', 1).expect(400)).body.errorMessage).toBe('Entity type must be a number.');
    expect((await history(1, 'x').expect(400)).body.errorMessage).toBe('Post id must be a number.');
    expect((await history(1, 123).expect(404)).body.errorMessage).toBe('Article not found.');
    expect((await history(2, 123).expect(404)).body.errorMessage).toBe('Question not found.');
  });

  it('feeds the latest 50 actions across posts, newest first', async () => {
    const article = await createPost(site, 'Article', author, articleBody({ title: 'Feed article' }));
    const question = await createPost(site, 'Question', other, questionBody({ title: 'Feed question' }));
    await site.http().put('/api/Article/Approve').set(bearer(admin)).send({ id: article, isApproved: false }).expect(200);

    const feed = (await recent().expect(200)).body.result as {
      entityType: number;
      postId: number;
      title: string;
      action: string;
      actor: string;
      actorName: string;
      at: string;
    }[];
    const entry = (entityType: number, postId: number, title: string, action: string, actor: TestUser) => ({
      entityType,
      postId,
      title,
      action,
      actor: actor.userName,
      actorName: actor.name,
      at: expect.any(String),
    });
    expect(feed.slice(0, 3)).toEqual([
      entry(1, article, 'Feed article', 'unapprove', admin),
      entry(2, question, 'Feed question', 'create', other),
      entry(1, article, 'Feed article', 'create', author),
    ]);

    for (let index = 0; index < 25; index += 1) {
      const id = await createPost(site, 'Question', author, questionBody({ title: `Filler ${index}` }));
      await site.http().put('/api/Question/Approve').set(bearer(admin)).send({ id, isApproved: false }).expect(200);
    }
    const full = (await recent().expect(200)).body.result as { title: string; action: string }[];
    expect(full).toHaveLength(50);
    expect(full[0]).toMatchObject({ title: 'Filler 24', action: 'unapprove' });
  });
});
