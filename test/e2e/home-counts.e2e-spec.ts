import type { EventStore } from '@app/event-store';
import { HOME_COLLECTION, ProjectionRunner, rebuildProjection } from '@app/projections';
import type { ReadStore } from '@app/read-store';
import { EVENT_STORE, READ_STORE } from '@app/api';
import { bearer, makeAdmin, signUp, type TestUser } from '../support/accounts';
import { articleBody, createPost, documentsOf } from '../support/posts';
import { startTestApp, type TestApp } from '../support/test-app';

/** Issue 25 (audit item 13): the home lists carry each post's comment count and an article's reading time. */
describe('home comment counts and reading time', () => {
  let site: TestApp;
  let author: TestUser;
  let reader: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    site = await startTestApp();
    author = await signUp(site, 'Ada Author');
    reader = await signUp(site, 'Rita Reader');
    admin = await makeAdmin(site, await signUp(site, 'Root Admin'));
  });
  afterAll(() => site.dispose());

  const comment = async (articleID: number, text: string) =>
    (
      await site
        .http()
        .post('/api/ArticleComment')
        .set(bearer(reader))
        .send({ uName: reader.userName, content: `<p>${text}</p>`, attachedFiles: [], articleID, parentId: -1 })
        .expect(200)
    ).body.result as { id: number };
  const homeArticle = async (id: number) =>
    ((await site.http().get('/api/Home/').expect(200)).body.result.articles as Array<Record<string, unknown>>).find((a) => a.id === id);

  it('counts the comments readers see, and the reading time, and a rebuild gives the same documents', async () => {
    const words = Array.from({ length: 1000 }, (_, n) => `word${n}`).join(' ');
    const id = await createPost(site, 'Article', author, articleBody({ isPublished: true, title: 'Counted', content: `<p>${words}</p>` }));
    expect(await homeArticle(id)).toMatchObject({ comments: 0, readingMinutes: 5, likes: 0 });

    const first = await comment(id, 'one');
    await comment(id, 'two');
    const third = await comment(id, 'three');
    expect(await homeArticle(id)).toMatchObject({ comments: 3 });

    await site.http().put('/api/ArticleComment/Approve').set(bearer(admin)).send({ id: third.id, isApproved: false }).expect(200);
    await site.http().delete(`/api/ArticleComment/${first.id}`).set(bearer(reader)).expect(200);
    expect(await homeArticle(id)).toMatchObject({ comments: 1 });

    const questionId = await createPost(site, 'Question', author, {
      title: 'Counted question',
      categoryId: 3,
      tags: [{ id: 1, subTag: 'csharp' }],
      content: '<p>Q</p>',
      defaultImageId: -1,
    });
    const question = ((await site.http().get('/api/Home/').expect(200)).body.result.questions as Array<Record<string, unknown>>).find(
      (q) => q.id === questionId,
    );
    expect(question).toMatchObject({ comments: 0, readingMinutes: null });

    const live = await documentsOf(site, HOME_COLLECTION);
    const projection = site.app.get(ProjectionRunner).projections.find((candidate) => candidate.name === 'home')!;
    await rebuildProjection(site.app.get<EventStore>(EVENT_STORE), site.app.get<ReadStore>(READ_STORE), projection);
    expect(await documentsOf(site, HOME_COLLECTION)).toEqual(live);
  });
});
