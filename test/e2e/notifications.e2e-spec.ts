import type { Notification } from '@app/contracts';
import type { EventStore } from '@app/event-store';
import {
  NOTIFICATION_READS_COLLECTION,
  NOTIFICATIONS_COLLECTION,
  POST_NOTICES_COLLECTION,
  ProjectionRunner,
  rebuildProjection,
} from '@app/projections';
import type { ReadStore } from '@app/read-store';
import { EVENT_STORE, READ_STORE } from '@app/api';
import { bearer, makeAdmin, signUp, type TestUser } from '../support/accounts';
import { articleBody, createPost, documentsOf } from '../support/posts';
import { projectionsCaughtUp } from '../support/caught-up';
import { startSiteWithArticle } from '../support/post-routes';
import type { TestApp } from '../support/test-app';

/** The notifications inbox (issue 26), over HTTP in embedded mode. */
describe('notifications', () => {
  let site: TestApp;
  let author: TestUser;
  let ann: TestUser;
  let bob: TestUser;
  let admin: TestUser;
  let articleId: number;

  beforeAll(async () => {
    ({ site, author, ann, bob, articleId } = await startSiteWithArticle());
    admin = await makeAdmin(site, await signUp(site, 'Root Admin'));
  });
  afterAll(() => site.dispose());

  const caughtUp = () => projectionsCaughtUp(site);
  const inbox = async (user: TestUser, query = '') => {
    await caughtUp();
    return (await site.http().get(`/api/Notification${query}`).set(bearer(user)).expect(200)).body.result as Notification[];
  };
  const unread = async (user: TestUser) => {
    await caughtUp();
    return (await site.http().get('/api/Notification/UnreadCount').set(bearer(user)).expect(200)).body.result.count as number;
  };
  const comment = async (user: TestUser, parentId = -1) =>
    (
      await site
        .http()
        .post('/api/ArticleComment')
        .set(bearer(user))
        .send({ content: '<p>Nice</p>', articleID: articleId, parentId, attachedFiles: [] })
        .expect(200)
    ).body.result.id as number;
  const like = (user: TestUser, isLiked: boolean) =>
    site.http().put('/api/Article/Like').set(bearer(user)).send({ id: articleId, isLiked }).expect(200);

  it('tells an author of comments and a commenter of replies, never of their own', async () => {
    const annComment = await comment(ann);
    await comment(author); // the author's own comment: nothing for them
    await comment(bob, annComment);
    const authorInbox = await inbox(author);
    expect(authorInbox.map((row) => [row.kind, row.actors.map((actor) => actor.userName)])).toEqual([
      ['comment', [bob.userName]],
      ['comment', [ann.userName]],
    ]);
    expect(authorInbox[0]).toMatchObject({
      target: { entityType: 3, title: 'Engines of thought', url: expect.stringMatching(new RegExp(`^/article/${articleId}/`)) },
      isRead: false,
      count: 1,
    });
    expect((await inbox(ann)).map((row) => [row.kind, row.actors[0].userName])).toEqual([['reply', bob.userName]]);
  });

  it('groups likes of one item into one row, and takes an undone like back', async () => {
    await like(ann, true);
    await like(bob, true);
    await like(author, true); // one's own like: nothing
    const [row] = (await inbox(author)).filter((item) => item.kind === 'like');
    expect(row).toMatchObject({ count: 2, actors: [{ userName: bob.userName, name: 'Bob Reader' }, { userName: ann.userName }] });
    await like(bob, false);
    expect((await inbox(author)).find((item) => item.kind === 'like')).toMatchObject({ count: 1 });
    await like(ann, false);
    expect((await inbox(author)).find((item) => item.kind === 'like')).toBeUndefined();
  });

  it('tells of new followers and of posts by followed people and tags, once each', async () => {
    await site.http().put('/api/Follow/User').set(bearer(ann)).send({ userName: author.userName, isFollowing: true }).expect(200);
    await site.http().put('/api/Follow/Tag').set(bearer(ann)).send({ tagId: 1, isFollowing: true }).expect(200);
    await site.http().put('/api/Follow/Tag').set(bearer(bob)).send({ tagId: 2, isFollowing: true }).expect(200);
    expect((await inbox(author))[0]).toMatchObject({
      kind: 'follow',
      actors: [{ userName: ann.userName }],
      target: { url: `/profile/${encodeURIComponent(ann.userName)}` },
    });

    const postId = await createPost(site, 'Article', author, articleBody({ isPublished: true, title: 'Difference engines' }));
    // Ann follows the author and tag 1 (the post has tags 1 and 2): one notification.
    expect((await inbox(ann)).filter((row) => row.kind === 'post').map((row) => row.target.id)).toEqual([postId]);
    expect((await inbox(bob)).filter((row) => row.kind === 'post').map((row) => row.target.title)).toEqual(['Difference engines']);
  });

  it("keeps each follower's marks on post notifications, and shows them while the follow stands", async () => {
    const read = (user: TestUser, body: object) => site.http().put('/api/Notification/Read').set(bearer(user)).send(body).expect(200);
    const posts = async (user: TestUser) => (await inbox(user)).filter((row) => row.kind === 'post');
    const [first] = await posts(ann);
    expect(first.isRead).toBe(false);
    const before = await unread(ann);
    await read(ann, { ids: [first.id] });
    expect((await posts(ann))[0].isRead).toBe(true);
    expect(await unread(ann)).toBe(before - 1);
    expect((await posts(bob))[0].isRead).toBe(false); // the same post, another follower's marks

    const carl = await signUp(site, 'Carl Late');
    await site.http().put('/api/Follow/User').set(bearer(carl)).send({ userName: author.userName, isFollowing: true }).expect(200);
    expect(await posts(carl)).toEqual([]); // followed after it was published
    const secondId = await createPost(site, 'Article', author, articleBody({ isPublished: true, title: 'Analytical engines' }));
    expect((await posts(carl)).map((row) => row.target.id)).toEqual([secondId]);
    expect((await posts(ann)).map((row) => [row.target.id, row.isRead])).toEqual([
      [secondId, false],
      [first.target.id, true],
    ]);
    // Pages run across the reader's own rows and the post notices alike.
    const all = await inbox(ann);
    expect((await inbox(ann, '?pageSize=1')).map((row) => row.id)).toEqual([all[0].id]);
    expect((await inbox(ann, `?lastFetchedId=${all[0].seq}`)).map((row) => row.id)).toEqual(all.slice(1).map((row) => row.id));

    await read(ann, { all: true });
    expect(await unread(ann)).toBe(0);
    await site.http().put('/api/Follow/User').set(bearer(carl)).send({ userName: author.userName, isFollowing: false }).expect(200);
    expect(await posts(carl)).toEqual([]); // an unfollow takes the author's posts out of the inbox
  });

  it('tells an author when staff moderate their post, and hides rows about what they cannot see', async () => {
    const postId = await createPost(site, 'Article', author, articleBody({ isPublished: true, title: 'To be hidden' }));
    await site.http().put('/api/Article/Approve').set(bearer(admin)).send({ id: postId, isApproved: false }).expect(200);
    expect((await inbox(author))[0]).toMatchObject({ kind: 'moderation', target: { id: postId, title: 'To be hidden' } });
    // Ann heard of the post when it was published; now it is hidden from her, so the row is not shown.
    expect((await inbox(ann)).map((row) => row.target.id)).not.toContain(postId);
  });

  it('marks rows read, one by one or all, and counts what is unread', async () => {
    const rows = await inbox(author);
    const before = await unread(author);
    expect(before).toBe(rows.filter((row) => !row.isRead).length);
    await site
      .http()
      .put('/api/Notification/Read')
      .set(bearer(author))
      .send({ ids: [rows[0].id] })
      .expect(200);
    expect(await unread(author)).toBe(before - 1);
    expect((await inbox(author))[0].isRead).toBe(true);
    await site.http().put('/api/Notification/Read').set(bearer(author)).send({ all: true }).expect(200);
    expect(await unread(author)).toBe(0);
    expect((await site.http().put('/api/Notification/Read').set(bearer(author)).send({}).expect(400)).body.success).toBe(false);
    await site.http().get('/api/Notification').expect(401);
    await site.http().get('/api/Notification/UnreadCount').expect(401);
  });

  it('pages newest first', async () => {
    const all = await inbox(author);
    expect(all.length).toBeGreaterThan(2);
    expect((await inbox(author, '?pageSize=2')).map((row) => row.id)).toEqual(all.slice(0, 2).map((row) => row.id));
    expect((await inbox(author, `?lastFetchedId=${all[1].seq}`)).map((row) => row.id)).toEqual(all.slice(2).map((row) => row.id));
  });

  it('never shows an erased person: their rows go with their name', async () => {
    const eve = await signUp(site, 'Eve Eraser');
    await site.http().put('/api/Follow/User').set(bearer(eve)).send({ userName: author.userName, isFollowing: true }).expect(200);
    expect((await inbox(author))[0].actors[0].userName).toBe(eve.userName);
    await site.http().delete('/api/User').set(bearer(eve)).send({ Password: eve.password }).expect(200);
    const rows = await inbox(author);
    expect(JSON.stringify(rows)).not.toContain('Eve Eraser');
  });

  it('rebuilds the inbox from zero into the same documents as the live one', async () => {
    await caughtUp();
    const collections = [NOTIFICATIONS_COLLECTION, POST_NOTICES_COLLECTION, NOTIFICATION_READS_COLLECTION];
    const live = await Promise.all(collections.map((collection) => documentsOf(site, collection)));
    expect(Math.min(...live.map((documents) => documents.length))).toBeGreaterThan(0);
    expect(live[0].length).toBeGreaterThan(5);
    const annInbox = await inbox(ann);
    await rebuildProjection(
      site.app.get<EventStore>(EVENT_STORE),
      site.app.get<ReadStore>(READ_STORE),
      site.app.get(ProjectionRunner).projections.find((projection) => projection.name === 'notifications')!,
    );
    expect(await Promise.all(collections.map((collection) => documentsOf(site, collection)))).toEqual(live);
    expect(await inbox(ann)).toEqual(annInbox);
  });
});
