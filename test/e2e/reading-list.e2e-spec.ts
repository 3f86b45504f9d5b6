import type { GridPostItem, PostListEntry, ReadingListResult } from '@app/contracts';
import { readingListStreamName } from '@app/domain';
import type { EventStore } from '@app/event-store';
import { ProjectionRunner, READING_LIST_COLLECTION, rebuildProjection } from '@app/projections';
import type { ReadStore } from '@app/read-store';
import { EVENT_STORE, READ_STORE } from '@app/api';
import { bearer, type TestUser } from '../support/accounts';
import { apiSpec, expectNewEvents, expectNoNewEvents, expectResponse } from '../support/api-spec';
import { documentsOf, searchRequest } from '../support/posts';
import { startSiteWithPosts } from '../support/post-routes';
import type { TestApp } from '../support/test-app';

/** The reading list and the list of one's liked posts (issue 26), over HTTP in embedded mode. */
describe('reading list and my likes', () => {
  let site: TestApp;
  let author: TestUser;
  let reader: TestUser;
  let admin: TestUser;
  let articleId: number;
  let questionId: number;

  beforeAll(async () => ({ site, author, reader, admin, articleId, questionId } = await startSiteWithPosts()));
  afterAll(() => site.dispose());

  const save = (entityType: 1 | 2, id: number, isSaved: boolean, user = reader) =>
    site.http().put('/api/ReadingList').set(bearer(user)).send({ entityType, id, isSaved });
  const readingList = async (query = '', user = reader) =>
    (await site.http().get(`/api/ReadingList${query}`).set(bearer(user)).expect(200)).body.result as PostListEntry[];
  const myLikes = async (query = '', user = reader) =>
    (await site.http().get(`/api/Like/Mine${query}`).set(bearer(user)).expect(200)).body.result as PostListEntry[];

  it('saves a post once, shows isSavedByMe to its reader only, and unsaves it', async () => {
    await apiSpec(site)
      .given()
      .when(() => save(1, articleId, true))
      .then([
        expectResponse(200, { result: { isSaved: true } satisfies ReadingListResult }),
        expectNewEvents(readingListStreamName(1, articleId, reader.accountId), [
          { type: 'PostSaved', data: { entityType: 1, postId: articleId, accountId: reader.accountId, at: expect.any(String) } },
        ]),
      ]);
    await apiSpec(site)
      .given()
      .when(() => save(1, articleId, true))
      .then([expectResponse(200, { result: { isSaved: true } }), expectNoNewEvents()]);
    const article = async (user: TestUser | null) =>
      (
        await site
          .http()
          .get(`/api/Article/${articleId}`)
          .set(user ? bearer(user) : {})
          .expect(200)
      ).body.result;
    expect(await article(reader)).toMatchObject({ isSavedByMe: true, isLikedByMe: false });
    expect(await article(author)).toMatchObject({ isSavedByMe: false });
    expect(await article(null)).not.toHaveProperty('isSavedByMe', true);

    expect((await save(1, articleId, false).expect(200)).body.result).toEqual({ isSaved: false });
    expect(await article(reader)).toMatchObject({ isSavedByMe: false });
    expect(await readingList()).toEqual([]);
  });

  it('search rows carry isSavedByMe for a logged-in reader (issue 26), and nothing for a visitor', async () => {
    await save(2, questionId, true).expect(200);
    const rows = async (user: TestUser | null) =>
      (
        (
          await site
            .http()
            .post('/api/Search')
            .set(user ? bearer(user) : {})
            .send(searchRequest())
            .expect(200)
        ).body.result as GridPostItem[]
      ).map((row) => [row.id, row.isSavedByMe]);
    expect(await rows(reader)).toEqual(
      expect.arrayContaining([
        [questionId, true],
        [articleId, false],
      ]),
    );
    expect(await rows(author)).toEqual(expect.arrayContaining([[questionId, false]]));
    expect((await rows(null)).every(([, isSavedByMe]) => isSavedByMe === undefined)).toBe(true);
    await save(2, questionId, false).expect(200);
    expect(await rows(reader)).toEqual(expect.arrayContaining([[questionId, false]]));
  });

  it('lists saved posts newest saved first, keyset-paged, and leaves out what became hidden', async () => {
    await save(2, questionId, true).expect(200);
    await save(1, articleId, true).expect(200);
    const [newest, oldest] = await readingList();
    expect(newest).toEqual({
      id: expect.any(Number),
      at: expect.any(String),
      post: expect.objectContaining({ id: articleId, entityType: 1 }),
    });
    expect(oldest.post).toMatchObject({ id: questionId, entityType: 2, uName: author.userName, name: 'Ada Author' });
    expect((await readingList('?pageSize=1')).map((entry) => entry.post.id)).toEqual([articleId]);
    expect((await readingList(`?pageSize=1&lastFetchedId=${newest.id}`)).map((entry) => entry.post.id)).toEqual([questionId]);
    expect(await readingList('', author)).toEqual([]);

    await site.http().put('/api/Question/Approve').set(bearer(admin)).send({ id: questionId, isApproved: false }).expect(200);
    expect((await readingList()).map((entry) => entry.post.id)).toEqual([articleId]);
    await site.http().put('/api/Question/Approve').set(bearer(admin)).send({ id: questionId, isApproved: true }).expect(200);
  });

  it('refuses bad input, hidden posts and anonymous callers', async () => {
    expect((await save(1, 987_654_321, true).expect(404)).body).toMatchObject({ success: false, errorMessage: 'Article not found.' });
    expect((await save(3 as 1, articleId, true).expect(400)).body.errorMessage).toBe('- entityType must be 1 (article) or 2 (question)');
    await site.http().put('/api/ReadingList').send({ entityType: 1, id: articleId, isSaved: true }).expect(401);
    await site.http().get('/api/ReadingList').expect(401);
    await site.http().get('/api/Like/Mine').expect(401);
    expect((await site.http().get('/api/ReadingList?lastFetchedId=abc').set(bearer(reader)).expect(400)).body.success).toBe(false);
  });

  it('lists the posts I like, newest like first, without comments', async () => {
    await site.http().put('/api/Question/Like').set(bearer(reader)).send({ id: questionId, isLiked: true }).expect(200);
    await site.http().put('/api/Article/Like').set(bearer(reader)).send({ id: articleId, isLiked: true }).expect(200);
    const liked = await myLikes();
    expect(liked.map((entry) => [entry.post.entityType, entry.post.id])).toEqual([
      [1, articleId],
      [2, questionId],
    ]);
    expect((await myLikes(`?lastFetchedId=${liked[0].id}`)).map((entry) => entry.post.id)).toEqual([questionId]);
    expect(await myLikes('', author)).toEqual([]);
  });

  it('rebuilds the reading list from zero into the same documents as the live one', async () => {
    const head = await site.app.get<EventStore>(EVENT_STORE).headPosition();
    await site.app.get(ProjectionRunner).waitFor(head!, undefined, 60_000);
    const live = await documentsOf(site, READING_LIST_COLLECTION);
    expect(live.length).toBe(2);
    await rebuildProjection(
      site.app.get<EventStore>(EVENT_STORE),
      site.app.get<ReadStore>(READ_STORE),
      site.app.get(ProjectionRunner).projections.find((projection) => projection.name === 'reading-list')!,
    );
    expect(await documentsOf(site, READING_LIST_COLLECTION)).toEqual(live);
  });
});
