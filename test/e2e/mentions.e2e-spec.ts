import type { Notification } from '@app/contracts';
import type { EventStore } from '@app/event-store';
import { NOTIFICATIONS_COLLECTION, ProjectionRunner, rebuildProjection } from '@app/projections';
import type { ReadStore } from '@app/read-store';
import { EVENT_STORE, READ_STORE } from '@app/api';
import { bearer, signUp, type TestUser } from '../support/accounts';
import { articleBody, createPost, documentsOf } from '../support/posts';
import { projectionsCaughtUp } from '../support/caught-up';
import { startSiteWithArticle } from '../support/post-routes';
import type { TestApp } from '../support/test-app';

/** `mention` notifications (issue 26): `@userName` in a post or comment, over HTTP in embedded mode. */
describe('mention notifications', () => {
  let site: TestApp;
  let author: TestUser;
  let ann: TestUser;
  let bob: TestUser;
  let carl: TestUser;
  let articleId: number;

  beforeAll(async () => {
    ({ site, author, ann, bob, articleId } = await startSiteWithArticle());
    carl = await signUp(site, 'Carl Reader');
  });
  afterAll(() => site.dispose());

  const caughtUp = () => projectionsCaughtUp(site);
  const mentionsOf = async (user: TestUser) => {
    await caughtUp();
    const rows = (await site.http().get('/api/Notification').set(bearer(user)).expect(200)).body.result as Notification[];
    return rows.filter((row) => row.kind === 'mention');
  };
  const comment = async (user: TestUser, content: string) =>
    (
      await site
        .http()
        .post('/api/ArticleComment')
        .set(bearer(user))
        .send({ content, articleID: articleId, parentId: -1, attachedFiles: [] })
        .expect(200)
    ).body.result.id as number;
  const editComment = (user: TestUser, id: number, content: string) =>
    site.http().put('/api/ArticleComment').set(bearer(user)).send({ id, content }).expect(200);

  it('tells whoever a comment mentions, once, and not the one who wrote it', async () => {
    const id = await comment(bob, `<p>What do you think, @${ann.userName}? (cc @${bob.userName}, @${ann.userName}, @nobody-here)</p>`);
    const [row, ...others] = await mentionsOf(ann);
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      kind: 'mention',
      actors: [{ userName: bob.userName, name: 'Bob Reader' }],
      target: { entityType: 3, id, title: 'Engines of thought', url: expect.stringMatching(new RegExp(`^/article/${articleId}/`)) },
      isRead: false,
    });
    expect(await mentionsOf(bob)).toEqual([]);
  });

  it('tells only the newly mentioned when an edit adds a mention', async () => {
    const id = await comment(bob, `<p>Hello @${carl.userName}</p>`);
    expect(await mentionsOf(carl)).toHaveLength(1);
    const annBefore = (await mentionsOf(ann)).length;
    await editComment(bob, id, `<p>Hello @${carl.userName} and @${ann.userName}</p>`);
    expect(await mentionsOf(carl)).toHaveLength(1);
    expect((await mentionsOf(ann)).map((row) => row.target.id)).toEqual([id, ...Array(annBefore).fill(expect.any(Number))]);
  });

  it('says nothing of a handle in code or an e-mail address', async () => {
    const before = (await mentionsOf(carl)).length;
    await comment(bob, `<p>Use <code>@${carl.userName}</code> or write to ${carl.userName}@example.com</p>`);
    expect(await mentionsOf(carl)).toHaveLength(before);
  });

  it('waits while a post is a draft and tells on publishing; the post reads as it did', async () => {
    const content = `<p>Thanks to @${carl.userName} for the review.</p>`;
    const postId = await createPost(site, 'Article', author, articleBody({ title: 'Acknowledged', content }));
    expect((await mentionsOf(carl)).map((row) => row.target.id)).not.toContain(postId);
    await site
      .http()
      .put('/api/Article')
      .set(bearer(author))
      .send({ ...articleBody({ title: 'Acknowledged', content, isPublished: true }), id: postId })
      .expect(200);
    expect((await mentionsOf(carl))[0]).toMatchObject({ actors: [{ userName: author.userName }], target: { entityType: 1, id: postId } });
    const post = (await site.http().get(`/api/Article/${postId}`).expect(200)).body.result as Record<string, unknown>;
    expect(post).not.toHaveProperty('mentionIds');
    expect(post.content).toBe(content);
  });

  it('never tells of a hidden comment: the row goes when it is deleted', async () => {
    const id = await comment(bob, `<p>@${carl.userName} look</p>`);
    expect((await mentionsOf(carl)).map((row) => row.target.id)).toContain(id);
    await site.http().delete(`/api/ArticleComment/${id}`).set(bearer(bob)).expect(200);
    expect((await mentionsOf(carl)).map((row) => row.target.id)).not.toContain(id);
  });

  it('rebuilds the inbox from zero into the same documents as the live one', async () => {
    await caughtUp();
    const live = await documentsOf(site, NOTIFICATIONS_COLLECTION);
    await rebuildProjection(
      site.app.get<EventStore>(EVENT_STORE),
      site.app.get<ReadStore>(READ_STORE),
      site.app.get(ProjectionRunner).projections.find((projection) => projection.name === 'notifications')!,
    );
    expect(await documentsOf(site, NOTIFICATIONS_COLLECTION)).toEqual(live);
  });
});
