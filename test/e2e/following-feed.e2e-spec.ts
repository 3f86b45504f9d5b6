import type { PostListEntry } from '@app/contracts';
import type { EventStore } from '@app/event-store';
import { FEED_COLLECTION, ProjectionRunner, rebuildProjection } from '@app/projections';
import type { ReadStore } from '@app/read-store';
import { EVENT_STORE, READ_STORE } from '@app/api';
import { bearer, makeAdmin, signUp, type TestUser } from '../support/accounts';
import { articleBody, createPost, documentsOf, questionBody } from '../support/posts';
import { projectionsCaughtUp } from '../support/caught-up';
import { startTestApp, type TestApp } from '../support/test-app';

/** The personal feed, GET /api/Home/Following (issue 26), over HTTP in embedded mode. */
describe('the Following feed', () => {
  let site: TestApp;
  let reader: TestUser;
  let ada: TestUser;
  let grace: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    site = await startTestApp();
    await site.app.listen(0);
    reader = await signUp(site, 'Rita Reader');
    ada = await signUp(site, 'Ada Lovelace');
    grace = await signUp(site, 'Grace Hopper');
    admin = await makeAdmin(site, await signUp(site, 'Root Admin'));
  });
  afterAll(() => site.dispose());

  /** The feed projection is not among what post commands wait for: wait for it to pass the log's head. */
  const caughtUp = () => projectionsCaughtUp(site);
  const feed = async (query = '', user = reader) => {
    await caughtUp();
    return (await site.http().get(`/api/Home/Following${query}`).set(bearer(user)).expect(200)).body.result as PostListEntry[];
  };
  const ids = (entries: PostListEntry[]) => entries.map((entry) => entry.post.id);
  const tagged = (tagId: number) => [{ id: tagId, subTag: `tag-${tagId}` }];

  it('is empty for a reader who follows nobody, and needs a session', async () => {
    expect(await feed()).toEqual([]);
    expect((await site.http().get('/api/Home/Following').expect(401)).body.success).toBe(false);
  });

  it('shows visible posts by followed people and tags, newest first, each once', async () => {
    await site.http().put('/api/Follow/User').set(bearer(reader)).send({ userName: ada.userName, isFollowing: true }).expect(200);
    await site.http().put('/api/Follow/Tag').set(bearer(reader)).send({ tagId: 5, isFollowing: true }).expect(200);

    const byAda = await createPost(site, 'Article', ada, articleBody({ isPublished: true, tags: tagged(1) }));
    const adaDraft = await createPost(site, 'Article', ada, articleBody({ isPublished: false }));
    const graceOnTag = await createPost(site, 'Question', grace, questionBody({ tags: tagged(5) }));
    const graceElsewhere = await createPost(site, 'Question', grace, questionBody({ tags: tagged(1) }));
    const adaOnTag = await createPost(site, 'Question', ada, questionBody({ tags: tagged(5) }));

    const entries = await feed();
    expect(ids(entries)).toEqual([adaOnTag, graceOnTag, byAda]);
    expect(ids(entries)).not.toContain(adaDraft);
    expect(ids(entries)).not.toContain(graceElsewhere);
    expect(entries[0]).toEqual({
      id: adaOnTag,
      at: expect.any(String),
      post: expect.objectContaining({ uName: ada.userName, entityType: 2 }),
    });

    expect(ids(await feed('?pageSize=2'))).toEqual([adaOnTag, graceOnTag]);
    expect(ids(await feed(`?pageSize=2&lastFetchedId=${graceOnTag}`))).toEqual([byAda]);

    // Hidden by an admin: gone from the feed; approved again: back.
    await site.http().put('/api/Question/Approve').set(bearer(admin)).send({ id: graceOnTag, isApproved: false }).expect(200);
    expect(ids(await feed())).toEqual([adaOnTag, byAda]);
    await site.http().put('/api/Question/Approve').set(bearer(admin)).send({ id: graceOnTag, isApproved: true }).expect(200);

    // Unfollowing the tag keeps only Ada's posts.
    await site.http().put('/api/Follow/Tag').set(bearer(reader)).send({ tagId: 5, isFollowing: false }).expect(200);
    expect(ids(await feed())).toEqual([adaOnTag, byAda]);
  });

  it('rebuilds the feed from zero into the same documents as the live one', async () => {
    const head = await site.app.get<EventStore>(EVENT_STORE).headPosition();
    await site.app.get(ProjectionRunner).waitFor(head!, undefined, 60_000);
    const live = await documentsOf(site, FEED_COLLECTION);
    expect(live.length).toBeGreaterThan(5);
    await rebuildProjection(
      site.app.get<EventStore>(EVENT_STORE),
      site.app.get<ReadStore>(READ_STORE),
      site.app.get(ProjectionRunner).projections.find((projection) => projection.name === 'feed')!,
    );
    expect(await documentsOf(site, FEED_COLLECTION)).toEqual(live);
  });
});
