import type { FollowedTag, Notification, PostListEntry } from '@app/contracts';
import { bearer, signUp, type TestUser } from '../support/accounts';
import { projectionsCaughtUp } from '../support/caught-up';
import { articleBody, createPost } from '../support/posts';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * A logged-in reader's own reads (the inbox, its unread count, the Following feed, the reading list,
 * the posts they like, the tags they follow) are answered in front of Express from a cache kept per
 * reader and per version of what they read: cached while nothing they read changed, and the very
 * next read after a change shows it. What the cache cannot answer, Nest answers as before.
 */
describe("a reader's own reads, answered from the read cache", () => {
  let site: TestApp;
  let reader: TestUser;
  let author: TestUser;
  let liker: TestUser;
  let postId: number;

  beforeAll(async () => {
    site = await startTestApp();
    await site.app.listen(0);
    reader = await signUp(site, 'Rita Reader');
    author = await signUp(site, 'Ada Author');
    liker = await signUp(site, 'Lena Liker');
    await site.http().put('/api/Follow/User').set(bearer(reader)).send({ userName: author.userName, isFollowing: true }).expect(200);
    postId = await createPost(site, 'Article', author, articleBody({ isPublished: true, title: 'First title' }));
    await projectionsCaughtUp(site);
  });
  afterAll(() => site.dispose());

  const read = (path: string, user: Pick<TestUser, 'token'> = reader) => site.http().get(path).set(bearer(user));
  const inbox = async () => (await read('/api/Notification').expect(200)).body.result as Notification[];
  const unread = async () => (await read('/api/Notification/UnreadCount').expect(200)).body.result.count as number;
  const feed = async () => (await read('/api/Home/Following').expect(200)).body.result as PostListEntry[];
  const cacheCounts = async (route: string) => {
    const { text } = await site.http().get('/metrics').expect(200);
    const count = (outcome: string) =>
      Number(
        new RegExp(`devcommunity_public_read_cache_total\\{route="${route.replace(/\//g, '\\/')}",outcome="${outcome}"\\} (\\d+)`).exec(
          text,
        )?.[1] ?? 0,
      );
    return { hit: count('hit'), miss: count('miss') };
  };

  it('answers from the cache while nothing it reads changes, privately, with the request id and an ETag', async () => {
    const first = await read('/api/Notification').expect(200);
    expect(first.headers).toMatchObject({
      'cache-control': 'private, no-store',
      etag: expect.any(String),
      'x-request-id': expect.any(String),
    });
    expect((first.body.result as Notification[]).map((row) => [row.kind, row.target.title])).toEqual([['post', 'First title']]);
    const before = await cacheCounts('/api/Notification');
    const again = await read('/api/Notification').expect(200);
    expect(again.body.result).toEqual(first.body.result);
    expect(await cacheCounts('/api/Notification')).toEqual({ hit: before.hit + 1, miss: before.miss });
    await read('/api/Notification').set('If-None-Match', first.headers['etag']).expect(304);
    // Another reader has their own entry.
    const authors = (await read('/api/Notification', author).expect(200)).body.result as Notification[];
    expect(authors.map((row) => [row.kind, row.actors.map((actor) => actor.userName)])).toEqual([['follow', [reader.userName]]]);
  });

  it('shows every change of what it reads on the next read', async () => {
    expect(await unread()).toBe(1);
    expect((await feed()).map((entry) => [entry.post.title, entry.post.likes])).toEqual([['First title', 0]]);

    await site
      .http()
      .put('/api/Article')
      .set(bearer(author))
      .send(articleBody({ id: postId, isPublished: true, title: 'Second title' }))
      .expect(200);
    await projectionsCaughtUp(site);
    expect((await inbox()).map((row) => row.target.title)).toEqual(['Second title']);
    expect((await feed()).map((entry) => entry.post.title)).toEqual(['Second title']);

    await site.http().put('/api/Article/Like').set(bearer(liker)).send({ id: postId, isLiked: true }).expect(200);
    await projectionsCaughtUp(site);
    expect((await feed()).map((entry) => entry.post.likes)).toEqual([1]);

    await site.http().put('/api/Notification/Read').set(bearer(reader)).send({ all: true }).expect(200);
    expect(await unread()).toBe(0);
    expect((await inbox()).map((row) => row.isRead)).toEqual([true]);

    expect((await read('/api/ReadingList').expect(200)).body.result).toEqual([]);
    await site.http().put('/api/ReadingList').set(bearer(reader)).send({ entityType: 1, id: postId, isSaved: true }).expect(200);
    expect(((await read('/api/ReadingList').expect(200)).body.result as PostListEntry[]).map((entry) => entry.post.id)).toEqual([postId]);

    expect((await read('/api/Like/Mine').expect(200)).body.result).toEqual([]);
    await site.http().put('/api/Article/Like').set(bearer(reader)).send({ id: postId, isLiked: true }).expect(200);
    expect(((await read('/api/Like/Mine').expect(200)).body.result as PostListEntry[]).map((entry) => entry.post.id)).toEqual([postId]);

    expect((await read('/api/Follow/Tags').expect(200)).body.result).toEqual([]);
    await site.http().put('/api/Follow/Tag').set(bearer(reader)).send({ tagId: 5, isFollowing: true }).expect(200);
    expect(((await read('/api/Follow/Tags').expect(200)).body.result as FollowedTag[]).map((tag) => tag.id)).toEqual([5]);
  });

  it('leaves to Nest what it cannot answer: no session, a bad query, with the same messages as before', async () => {
    const anonymous = await site.http().get('/api/Notification').expect(401);
    expect(anonymous.body).toMatchObject({ success: false, errorMessage: expect.any(String) });
    const bad = await read('/api/Home/Following?pageSize=many').expect(400);
    expect(bad.body).toMatchObject({ success: false, errorMessage: expect.stringMatching(/\S/) });
    await read('/api/Notification?pageSize=1&pageSize=2').expect(400);
  });

  it('takes a personal API token as the session guard does: a read-only one may read', async () => {
    const { token } = (
      await site
        .http()
        .post('/api/Account/ApiTokens')
        .set(bearer(reader))
        .send({ name: 'reader bot', scopes: ['read'], expiresInDays: 30 })
        .expect(200)
    ).body.result as { token: string };
    expect((await read('/api/Notification', { token }).expect(200)).body.result).toEqual(await inbox());
  });
});
