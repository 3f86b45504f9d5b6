import type { FollowedTag, FollowedUser, FollowResult, TagInfo, UserProfile } from '@app/contracts';
import { followStreamName } from '@app/domain';
import type { EventStore } from '@app/event-store';
import { FOLLOWS_COLLECTION, ProjectionRunner, rebuildProjection } from '@app/projections';
import type { ReadStore } from '@app/read-store';
import { EVENT_STORE, READ_STORE } from '@app/api';
import { bearer, signUp, type TestUser } from '../support/accounts';
import { apiSpec, expectNewEvents, expectNoNewEvents, expectResponse } from '../support/api-spec';
import { articleBody, createPost, documentsOf, questionBody } from '../support/posts';
import { startTestApp, type TestApp } from '../support/test-app';

/** Following people and tags (issue 26), over HTTP in embedded mode. */
describe('follows', () => {
  let site: TestApp;
  let ada: TestUser;
  let grace: TestUser;
  let linus: TestUser;

  beforeAll(async () => {
    site = await startTestApp();
    await site.app.listen(0);
    ada = await signUp(site, 'Ada Lovelace');
    grace = await signUp(site, 'Grace Hopper');
    linus = await signUp(site, 'Linus Torvalds');
  });
  afterAll(() => site.dispose());

  const followUser = (user: TestUser, userName: string, isFollowing: boolean) =>
    site.http().put('/api/Follow/User').set(bearer(user)).send({ userName, isFollowing });
  const followTag = (user: TestUser, tagId: number, isFollowing: boolean) =>
    site.http().put('/api/Follow/Tag').set(bearer(user)).send({ tagId, isFollowing });
  const list = async (userName: string, which: 'Followers' | 'Following', query = '') =>
    (await site.http().get(`/api/User/${userName}/${which}${query}`).expect(200)).body.result as FollowedUser[];
  const profile = async (userName: string, reader: TestUser | null) =>
    (
      await site
        .http()
        .get(`/api/User/${userName}`)
        .set(reader ? bearer(reader) : {})
        .expect(200)
    ).body.result as UserProfile;

  it('follows a person once, counts it on both profiles, and unfollows', async () => {
    await apiSpec(site)
      .given()
      .when(() => followUser(ada, grace.userName, true))
      .then([
        expectResponse(200, { result: { isFollowing: true, followers: 1 } satisfies FollowResult }),
        expectNewEvents(followStreamName({ kind: 'user', accountId: grace.accountId }, ada.accountId), [
          {
            type: 'Followed',
            data: { target: { kind: 'user', accountId: grace.accountId }, followerId: ada.accountId, at: expect.any(String) },
          },
        ]),
      ]);
    await apiSpec(site)
      .given()
      .when(() => followUser(ada, grace.userName, true))
      .then([expectResponse(200, { result: { isFollowing: true, followers: 1 } }), expectNoNewEvents()]);

    expect(await profile(grace.userName, ada)).toMatchObject({ followers: 1, following: 0, isFollowedByMe: true });
    expect(await profile(grace.userName, null)).toMatchObject({ followers: 1, isFollowedByMe: false });
    expect(await profile(ada.userName, null)).toMatchObject({ followers: 0, following: 1 });
    expect(await list(grace.userName, 'Followers')).toEqual([
      { id: expect.any(Number), userName: ada.userName, name: 'Ada Lovelace', followedOn: expect.any(String) },
    ]);
    expect((await list(ada.userName, 'Following')).map((user) => user.userName)).toEqual([grace.userName]);

    expect((await followUser(ada, grace.userName, false).expect(200)).body.result).toEqual({ isFollowing: false, followers: 0 });
    expect(await list(grace.userName, 'Followers')).toEqual([]);
  });

  it('refuses to follow oneself or nobody, and asks for a session', async () => {
    expect((await followUser(ada, ada.userName, true).expect(400)).body).toMatchObject({
      success: false,
      errorMessage: 'You cannot follow yourself.',
    });
    expect((await followUser(ada, 'nobody-here', true).expect(404)).body.errorMessage).toBe('User not found.');
    expect((await followTag(ada, 999_999, true).expect(404)).body.errorMessage).toBe('Tag not found.');
    expect((await site.http().put('/api/Follow/User').send({ userName: grace.userName, isFollowing: true }).expect(401)).body.success).toBe(
      false,
    );
    expect(
      (await site.http().put('/api/Follow/User').set(bearer(ada)).send({ userName: grace.userName }).expect(400)).body.errorMessage,
    ).toBe('- isFollowing is required');
    await site.http().get('/api/Follow/Tags').expect(401);
    expect((await site.http().get(`/api/User/${ada.userName}/Followers?pageSize=0`).expect(400)).body.success).toBe(false);
    await site.http().get('/api/User/nobody-here/Followers').expect(404);
  });

  it('lists followers newest first, keyset-paged', async () => {
    await followUser(ada, linus.userName, true).expect(200);
    await followUser(grace, linus.userName, true).expect(200);
    const [newest, oldest] = await list(linus.userName, 'Followers');
    expect([newest.userName, oldest.userName]).toEqual([grace.userName, ada.userName]);
    expect((await list(linus.userName, 'Followers', '?pageSize=1')).map((user) => user.userName)).toEqual([grace.userName]);
    expect((await list(linus.userName, 'Followers', `?pageSize=1&lastFetchedId=${newest.id}`)).map((user) => user.userName)).toEqual([
      ada.userName,
    ]);
    expect(await list(linus.userName, 'Followers', `?lastFetchedId=${oldest.id}`)).toEqual([]);
  });

  it('follows tags and lists mine', async () => {
    expect((await followTag(grace, 1, true).expect(200)).body.result).toEqual({ isFollowing: true, followers: 1 });
    expect((await followTag(ada, 1, true).expect(200)).body.result).toEqual({ isFollowing: true, followers: 2 });
    await followTag(grace, 2, true).expect(200);
    const tags = (await site.http().get('/api/Follow/Tags').set(bearer(grace)).expect(200)).body.result as FollowedTag[];
    expect(tags.map((tag) => tag.id)).toEqual([2, 1]);
    expect(tags[0]).toEqual({ id: 2, subTag: expect.any(String), followedOn: expect.any(String) });
  });

  it('rebuilds the follows read model from zero into the same documents as the live one', async () => {
    const head = await site.app.get<EventStore>(EVENT_STORE).headPosition();
    await site.app.get(ProjectionRunner).waitFor(head!, undefined, 60_000);
    const live = await documentsOf(site, FOLLOWS_COLLECTION);
    expect(live.length).toBeGreaterThan(3);
    await rebuildProjection(
      site.app.get<EventStore>(EVENT_STORE),
      site.app.get<ReadStore>(READ_STORE),
      site.app.get(ProjectionRunner).projections.find((projection) => projection.name === 'follows')!,
    );
    expect(await documentsOf(site, FOLLOWS_COLLECTION)).toEqual(live);
  });
});

describe('tag pages', () => {
  let site: TestApp;
  let ada: TestUser;
  let grace: TestUser;

  beforeAll(async () => {
    site = await startTestApp();
    ada = await signUp(site, 'Ada Lovelace');
    grace = await signUp(site, 'Grace Hopper');
  });
  afterAll(() => site.dispose());

  const info = async (tagId: number, reader: TestUser | null) =>
    (
      await site
        .http()
        .get(`/api/Tag/Info/${tagId}`)
        .set(reader ? bearer(reader) : {})
        .expect(200)
    ).body.result as TagInfo;

  it('counts the visible posts and followers of a tag, and tells the reader whether they follow it', async () => {
    await createPost(site, 'Article', ada, articleBody({ isPublished: true, tags: [{ id: 7, subTag: 'x' }] }));
    await createPost(site, 'Article', ada, articleBody({ isPublished: false, tags: [{ id: 7, subTag: 'x' }] }));
    await createPost(site, 'Question', grace, questionBody({ tags: [{ id: 7, subTag: 'x' }] }));
    await site.http().put('/api/Follow/Tag').set(bearer(grace)).send({ tagId: 7, isFollowing: true }).expect(200);
    const head = await site.app.get<EventStore>(EVENT_STORE).headPosition();
    await site.app.get(ProjectionRunner).waitFor(head!, undefined, 60_000);

    expect(await info(7, grace)).toEqual({ id: 7, subTag: expect.any(String), posts: 2, followers: 1, isFollowedByMe: true });
    expect(await info(7, ada)).toMatchObject({ posts: 2, followers: 1, isFollowedByMe: false });
    expect(await info(7, null)).toMatchObject({ isFollowedByMe: false });
    expect((await site.http().get('/api/Tag/Info/999999').expect(404)).body).toMatchObject({
      success: false,
      errorMessage: 'Tag not found.',
    });
    expect((await site.http().get('/api/Tag/Info/abc').expect(400)).body.success).toBe(false);
  });
});
