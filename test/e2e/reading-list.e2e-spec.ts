import type { GridPostItem, PostListEntry, ReadingListResult } from '@app/contracts';
import { readingListStreamName } from '@app/domain';
import type { EventStore } from '@app/event-store';
import { ProjectionRunner, READING_LIST_COLLECTION, rebuildProjection } from '@app/projections';
import type { ReadStore } from '@app/read-store';
import { EVENT_STORE, READ_STORE } from '@app/api';
import { bearer, type TestUser } from '../support/accounts';
import { apiSpec, expectNewEvents, expectNoNewEvents, expectResponse } from '../support/api-spec';
import { documentsOf, searchRequest } from '../support/posts';
import { startSiteWithPosts, useStartedSite } from '../support/post-routes';

/** The reading list and the list of one's liked posts (issue 26), over HTTP in embedded mode. */
describe('reading list and my likes', () => {
  const cast = useStartedSite(startSiteWithPosts);

  const save = (entityType: 1 | 2, id: number, isSaved: boolean, user = cast.reader) =>
    cast.site.http().put('/api/ReadingList').set(bearer(user)).send({ entityType, id, isSaved });
  const readingList = async (query = '', user = cast.reader) =>
    (await cast.site.http().get(`/api/ReadingList${query}`).set(bearer(user)).expect(200)).body.result as PostListEntry[];
  const myLikes = async (query = '', user = cast.reader) =>
    (await cast.site.http().get(`/api/Like/Mine${query}`).set(bearer(user)).expect(200)).body.result as PostListEntry[];

  it('saves a post once, shows isSavedByMe to its reader only, and unsaves it', async () => {
    await apiSpec(cast.site)
      .given()
      .when(() => save(1, cast.articleId, true))
      .then([
        expectResponse(200, { result: { isSaved: true } satisfies ReadingListResult }),
        expectNewEvents(readingListStreamName(1, cast.articleId, cast.reader.accountId), [
          { type: 'PostSaved', data: { entityType: 1, postId: cast.articleId, accountId: cast.reader.accountId, at: expect.any(String) } },
        ]),
      ]);
    await apiSpec(cast.site)
      .given()
      .when(() => save(1, cast.articleId, true))
      .then([expectResponse(200, { result: { isSaved: true } }), expectNoNewEvents()]);
    const article = async (user: TestUser | null) =>
      (
        await cast.site
          .http()
          .get(`/api/Article/${cast.articleId}`)
          .set(user ? bearer(user) : {})
          .expect(200)
      ).body.result;
    expect(await article(cast.reader)).toMatchObject({ isSavedByMe: true, isLikedByMe: false });
    expect(await article(cast.author)).toMatchObject({ isSavedByMe: false });
    expect(await article(null)).not.toHaveProperty('isSavedByMe', true);

    expect((await save(1, cast.articleId, false).expect(200)).body.result).toEqual({ isSaved: false });
    expect(await article(cast.reader)).toMatchObject({ isSavedByMe: false });
    expect(await readingList()).toEqual([]);
  });

  it('search rows carry isSavedByMe for a logged-in reader (issue 26), and nothing for a visitor', async () => {
    await save(2, cast.questionId, true).expect(200);
    const rows = async (user: TestUser | null) =>
      (
        (
          await cast.site
            .http()
            .post('/api/Search')
            .set(user ? bearer(user) : {})
            .send(searchRequest())
            .expect(200)
        ).body.result as GridPostItem[]
      ).map((row) => [row.id, row.isSavedByMe]);
    expect(await rows(cast.reader)).toEqual(
      expect.arrayContaining([
        [cast.questionId, true],
        [cast.articleId, false],
      ]),
    );
    expect(await rows(cast.author)).toEqual(expect.arrayContaining([[cast.questionId, false]]));
    expect((await rows(null)).every(([, isSavedByMe]) => isSavedByMe === undefined)).toBe(true);
    await save(2, cast.questionId, false).expect(200);
    expect(await rows(cast.reader)).toEqual(expect.arrayContaining([[cast.questionId, false]]));
  });

  it('lists saved posts newest saved first, keyset-paged, and leaves out what became hidden', async () => {
    await save(2, cast.questionId, true).expect(200);
    await save(1, cast.articleId, true).expect(200);
    const [newest, oldest] = await readingList();
    expect(newest).toEqual({
      id: expect.any(Number),
      at: expect.any(String),
      post: expect.objectContaining({ id: cast.articleId, entityType: 1 }),
    });
    expect(oldest.post).toMatchObject({ id: cast.questionId, entityType: 2, uName: cast.author.userName, name: 'Ada Author' });
    expect((await readingList('?pageSize=1')).map((entry) => entry.post.id)).toEqual([cast.articleId]);
    expect((await readingList(`?pageSize=1&lastFetchedId=${newest.id}`)).map((entry) => entry.post.id)).toEqual([cast.questionId]);
    expect(await readingList('', cast.author)).toEqual([]);

    await cast.site
      .http()
      .put('/api/Question/Approve')
      .set(bearer(cast.admin))
      .send({ id: cast.questionId, isApproved: false })
      .expect(200);
    expect((await readingList()).map((entry) => entry.post.id)).toEqual([cast.articleId]);
    await cast.site.http().put('/api/Question/Approve').set(bearer(cast.admin)).send({ id: cast.questionId, isApproved: true }).expect(200);
  });

  it('refuses bad input, hidden posts and anonymous callers', async () => {
    expect((await save(1, 987_654_321, true).expect(404)).body).toMatchObject({ success: false, errorMessage: 'Article not found.' });
    expect((await save(3 as 1, cast.articleId, true).expect(400)).body.errorMessage).toBe(
      '- entityType must be 1 (article) or 2 (question)',
    );
    await cast.site.http().put('/api/ReadingList').send({ entityType: 1, id: cast.articleId, isSaved: true }).expect(401);
    await cast.site.http().get('/api/ReadingList').expect(401);
    await cast.site.http().get('/api/Like/Mine').expect(401);
    expect((await cast.site.http().get('/api/ReadingList?lastFetchedId=abc').set(bearer(cast.reader)).expect(400)).body.success).toBe(
      false,
    );
  });

  it('lists the posts I like, newest like first, without comments', async () => {
    await cast.site.http().put('/api/Question/Like').set(bearer(cast.reader)).send({ id: cast.questionId, isLiked: true }).expect(200);
    await cast.site.http().put('/api/Article/Like').set(bearer(cast.reader)).send({ id: cast.articleId, isLiked: true }).expect(200);
    const liked = await myLikes();
    expect(liked.map((entry) => [entry.post.entityType, entry.post.id])).toEqual([
      [1, cast.articleId],
      [2, cast.questionId],
    ]);
    expect((await myLikes(`?lastFetchedId=${liked[0].id}`)).map((entry) => entry.post.id)).toEqual([cast.questionId]);
    expect(await myLikes('', cast.author)).toEqual([]);
  });

  it('rebuilds the reading list from zero into the same documents as the live one', async () => {
    const head = await cast.site.app.get<EventStore>(EVENT_STORE).headPosition();
    await cast.site.app.get(ProjectionRunner).waitFor(head!, undefined, 60_000);
    const live = await documentsOf(cast.site, READING_LIST_COLLECTION);
    expect(live.length).toBe(2);
    await rebuildProjection(
      cast.site.app.get<EventStore>(EVENT_STORE),
      cast.site.app.get<ReadStore>(READ_STORE),
      cast.site.app.get(ProjectionRunner).projections.find((projection) => projection.name === 'reading-list')!,
    );
    expect(await documentsOf(cast.site, READING_LIST_COLLECTION)).toEqual(live);
  });
});
