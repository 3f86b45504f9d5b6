import { type Comment, type GridPostItem, type LikedUser, type LikeResult } from '@app/contracts';
import { likeStreamName } from '@app/domain';
import type { EventStore } from '@app/event-store';
import {
  COMMENTS_COLLECTION,
  HOME_COLLECTION,
  LIKES_COLLECTION,
  POST_VIEW_COLLECTION,
  ProjectionRunner,
  rebuildProjection,
} from '@app/projections';
import type { ReadStore } from '@app/read-store';
import { EVENT_STORE, READ_STORE } from '@app/api';
import { bearer, givenAccounts, signUp, type TestUser } from '../support/accounts';
import { apiSpec, expectNewEvents, expectNoNewEvents, expectResponse } from '../support/api-spec';
import { articleBody, createPost, documentsOf, questionBody, searchRequest } from '../support/posts';
import { startSiteWithPosts, useStartedSite } from '../support/post-routes';
import { projectionsCaughtUp } from '../support/caught-up';
import { startTestApp } from '../support/test-app';

type Route = 'Article' | 'Question' | 'ArticleComment' | 'QuestionComment';

/** SPEC §7 Like and Likes/Users calls on the four likeable items, over HTTP in embedded mode. */
describe('likes', () => {
  const cast = useStartedSite(startSiteWithPosts);

  const as = (user: TestUser | null) => (user ? bearer(user) : {});
  const like = (route: Route, id: number, isLiked: boolean, user: TestUser | null) =>
    cast.site.http().put(`/api/${route}/Like`).set(as(user)).send({ id, isLiked });
  const likers = async (route: Route, id: number) =>
    (await cast.site.http().get(`/api/${route}/Likes/Users/${id}`).expect(200)).body.result as LikedUser[];
  const caughtUp = () => projectionsCaughtUp(cast.site);
  const articleFor = async (user: TestUser | null) =>
    (await cast.site.http().get(`/api/Article/${cast.articleId}`).set(as(user)).expect(200)).body.result;
  const commentOn = async (route: 'ArticleComment' | 'QuestionComment', body: object, user = cast.author) =>
    (
      await cast.site
        .http()
        .post(`/api/${route}`)
        .set(bearer(user))
        .send({ content: '<p>Comment</p>', ...body })
        .expect(200)
    ).body.result as Comment;

  it('likes an article once, shows the truth to each reader, and unlikes it', async () => {
    expect((await like('Article', cast.articleId, true, cast.reader).expect(200)).body.result).toEqual({
      likes: 1,
      isLiked: true,
    } satisfies LikeResult);
    expect((await like('Article', cast.articleId, true, cast.reader).expect(200)).body.result).toEqual({ likes: 1, isLiked: true });
    expect(await articleFor(cast.reader)).toMatchObject({ likes: 1, isLikedByMe: true });
    expect(await articleFor(cast.author)).toMatchObject({ likes: 1, isLikedByMe: false });
    expect(await articleFor(null)).toMatchObject({ likes: 1, isLikedByMe: false });
    const home = (await cast.site.http().get('/api/Home/').expect(200)).body.result.articles as { id: number; likes: number }[];
    expect(home.find((item) => item.id === cast.articleId)?.likes).toBe(1);
    expect(await likers('Article', cast.articleId)).toEqual([{ name: 'Rita Reader', uName: cast.reader.userName, profilePic: '' }]);

    expect((await like('Article', cast.articleId, false, cast.reader).expect(200)).body.result).toEqual({ likes: 0, isLiked: false });
    expect(await articleFor(cast.reader)).toMatchObject({ likes: 0, isLikedByMe: false });
    expect(await likers('Article', cast.articleId)).toEqual([]);
  });

  it('records Liked on like-<entityType>-<id>-<accountId>, and nothing for a like that stands', async () => {
    const stream = likeStreamName(2, cast.questionId, cast.reader.accountId);
    await apiSpec(cast.site)
      .given()
      .when((http) => http.put('/api/Question/Like').set(bearer(cast.reader)).send({ id: cast.questionId, isLiked: true }))
      .then([
        expectResponse(200, { result: { likes: 1, isLiked: true } }),
        expectNewEvents(stream, [
          { type: 'Liked', data: { entityType: 2, targetId: cast.questionId, accountId: cast.reader.accountId, at: expect.any(String) } },
        ]),
      ]);
    await apiSpec(cast.site)
      .given()
      .when((http) => http.put('/api/Question/Like').set(bearer(cast.reader)).send({ id: cast.questionId, isLiked: true }))
      .then([expectResponse(200, { result: { likes: 1, isLiked: true } }), expectNoNewEvents()]);
  });

  it('lists likers newest first', async () => {
    const post = await createPost(cast.site, 'Article', cast.author, articleBody({ isPublished: true }));
    await like('Article', post, true, cast.reader).expect(200);
    await like('Article', post, true, cast.admin).expect(200);
    await like('Article', post, true, cast.author).expect(200);
    expect((await likers('Article', post)).map((user) => user.uName)).toEqual([
      cast.author.userName,
      cast.admin.userName,
      cast.reader.userName,
    ]);
  });

  it('refuses anonymous likes, bad bodies, and items the reader cannot see', async () => {
    await like('Article', cast.articleId, true, null).expect(401);
    expect(
      (await cast.site.http().put('/api/Article/Like').set(bearer(cast.reader)).send({ id: cast.articleId }).expect(400)).body.errorMessage,
    ).toBe('- isLiked is required');
    expect((await like('Article', 999_999, true, cast.reader).expect(404)).body.errorMessage).toBe('Article not found.');
    const draft = await createPost(cast.site, 'Article', cast.author, articleBody());
    await like('Article', draft, true, cast.reader).expect(404);
    await cast.site.http().get(`/api/Article/Likes/Users/${draft}`).expect(404);
    await like('Article', draft, true, cast.author).expect(200);
    await like('ArticleComment', 999_999, true, cast.reader).expect(404);
  });

  it('likes comments of both kinds; the comment lists say isLikedByMe', async () => {
    const onArticle = await commentOn('ArticleComment', { articleID: cast.articleId });
    const onQuestion = await commentOn('QuestionComment', { questionID: cast.questionId });
    expect((await like('ArticleComment', onArticle.id, true, cast.reader).expect(200)).body.result).toEqual({ likes: 1, isLiked: true });
    expect((await like('QuestionComment', onQuestion.id, true, cast.reader).expect(200)).body.result).toEqual({ likes: 1, isLiked: true });
    // A comment is liked under its own kind only.
    await like('QuestionComment', onArticle.id, true, cast.reader).expect(404);

    const listFor = async (user: TestUser | null) =>
      (await cast.site.http().get(`/api/Article/Comments/${cast.articleId}/-1/100/true`).set(as(user)).expect(200)).body
        .result as Comment[];
    expect((await listFor(cast.reader)).find((item) => item.id === onArticle.id)).toMatchObject({ likes: 1, isLikedByMe: true });
    expect((await listFor(cast.author)).find((item) => item.id === onArticle.id)).toMatchObject({ likes: 1, isLikedByMe: false });
    expect((await listFor(null)).find((item) => item.id === onArticle.id)).toMatchObject({ likes: 1, isLikedByMe: false });
    expect(
      (await cast.site.http().get(`/api/ArticleComment/${onArticle.id}`).set(bearer(cast.reader)).expect(200)).body.result,
    ).toMatchObject({
      isLikedByMe: true,
    });
    expect(await likers('QuestionComment', onQuestion.id)).toEqual([{ name: 'Rita Reader', uName: cast.reader.userName, profilePic: '' }]);
    expect((await like('ArticleComment', onArticle.id, false, cast.reader).expect(200)).body.result).toEqual({ likes: 0, isLiked: false });
  });

  it('shows the profile picture of a liker', async () => {
    const pictured = await signUp(cast.site, 'Pia Pictured');
    const upload = await cast.site
      .http()
      .post('/api/File')
      .set(bearer(pictured))
      .field('AttachmentTypeId', '8')
      .field('FileDisplayName', 'me')
      .field('Instructions', '')
      .field('ReferenceId', '0')
      .attach('file', (await import('@app/testing')).samplePng(), 'me.png')
      .expect(200);
    const post = await createPost(cast.site, 'Question', cast.author, questionBody({ title: 'Pictures?' }));
    await like('Question', post, true, pictured).expect(200);
    expect(await likers('Question', post)).toEqual([
      { name: 'Pia Pictured', uName: pictured.userName, profilePic: (upload.body.result as { uploadedFileName: string }).uploadedFileName },
    ]);
  });

  it('keeps the likes count of the search results (the search grid opens the likes modal from it)', async () => {
    const post = await createPost(cast.site, 'Question', cast.author, questionBody({ title: 'Which quokka likes threads?' }));
    const searched = async () => {
      await caughtUp();
      const body = searchRequest({ searchString: 'quokka' });
      const results = (await cast.site.http().post('/api/Search').send(body).expect(200)).body.result as GridPostItem[];
      return results.find((item) => item.id === post)?.likes;
    };
    await like('Question', post, true, cast.reader).expect(200);
    await like('Question', post, true, cast.admin).expect(200);
    expect(await searched()).toBe(2);
    await like('Question', post, false, cast.reader).expect(200);
    expect(await searched()).toBe(1);
  });

  it('counts 1,000 different users liking at once as exactly 1,000', async () => {
    const post = await createPost(cast.site, 'Article', cast.author, articleBody({ isPublished: true, title: 'Popular' }));
    const crowd = await givenAccounts(cast.site, 1000);
    const responses = await Promise.all(crowd.map((user) => like('Article', post, true, user)));
    expect(responses.filter((response) => response.status !== 200).map((response) => [response.status, response.body])).toEqual([]);
    await caughtUp();
    expect((await cast.site.http().get(`/api/Article/${post}`).expect(200)).body.result.likes).toBe(1000);
    expect(
      (await cast.site.http().get('/api/Home/').expect(200)).body.result.articles.find((item: { id: number }) => item.id === post).likes,
    ).toBe(1000);
    expect(await likers('Article', post)).toHaveLength(1000);
  }, 180_000);

  it('counts one user racing themselves once, and their racing unlikes once', async () => {
    const post = await createPost(cast.site, 'Question', cast.author, questionBody({ title: 'Racing' }));
    const racing = await Promise.all(Array.from({ length: 30 }, () => like('Question', post, true, cast.reader)));
    expect(racing.map((response) => response.status)).toEqual(Array(30).fill(200));
    await caughtUp();
    const stream = likeStreamName(2, post, cast.reader.accountId);
    expect((await cast.site.app.get<EventStore>(EVENT_STORE).readStream(stream)).map((event) => event.type)).toEqual(['Liked']);
    expect((await cast.site.http().get(`/api/Question/${post}`).expect(200)).body.result.likes).toBe(1);

    const unliking = await Promise.all(Array.from({ length: 30 }, () => like('Question', post, false, cast.reader)));
    expect(unliking.map((response) => response.status)).toEqual(Array(30).fill(200));
    await caughtUp();
    expect((await cast.site.app.get<EventStore>(EVENT_STORE).readStream(stream)).map((event) => event.type)).toEqual(['Liked', 'Unliked']);
    expect((await cast.site.http().get(`/api/Question/${post}`).expect(200)).body.result.likes).toBe(0);
  });

  describe('durability', () => {
    it('keeps likes across a restart', async () => {
      await like('Article', cast.articleId, true, cast.admin).expect(200);
      const before = { article: await articleFor(cast.admin), likers: await likers('Article', cast.articleId) };
      await cast.site.close();
      cast.site = await startTestApp({ dataDir: cast.site.dataDir });
      expect(await articleFor(cast.admin)).toEqual(before.article);
      expect(await likers('Article', cast.articleId)).toEqual(before.likers);
    });

    it('rebuilds likes, comments, home and post views from zero into the same documents as the live ones', async () => {
      const collections = [LIKES_COLLECTION, COMMENTS_COLLECTION, HOME_COLLECTION, POST_VIEW_COLLECTION];
      await caughtUp();
      const live = await Promise.all(collections.map((collection) => documentsOf(cast.site, collection)));
      expect(live[0].length).toBeGreaterThan(1000);
      const projections = cast.site.app.get(ProjectionRunner).projections;
      for (const name of ['likes', 'comments', 'home', 'post-view']) {
        await rebuildProjection(
          cast.site.app.get<EventStore>(EVENT_STORE),
          cast.site.app.get<ReadStore>(READ_STORE),
          projections.find((projection) => projection.name === name)!,
        );
      }
      expect(await Promise.all(collections.map((collection) => documentsOf(cast.site, collection)))).toEqual(live);
    }, 120_000);
  });
});
