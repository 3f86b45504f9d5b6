import type { Comment, FlaggedItem, Notification } from '@app/contracts';
import { commentStreamName } from '@app/domain';
import type { EventStore } from '@app/event-store';
import {
  FLAG_QUEUE_COLLECTION,
  MODERATION_LOG_COLLECTION,
  NOTIFICATIONS_COLLECTION,
  ProjectionRunner,
  rebuildProjection,
} from '@app/projections';
import type { ReadStore } from '@app/read-store';
import { EVENT_STORE, READ_STORE } from '@app/api';
import { bearer, makeAdmin, signUp, type TestUser } from '../support/accounts';
import { apiSpec, expectNewEvents, expectResponse } from '../support/api-spec';
import { confirmEmailOf, logInAgain } from '../support/flags';
import { articleBody, createPost, documentsOf, questionBody } from '../support/posts';
import { startTestApp, type TestApp } from '../support/test-app';

const DAY = 24 * 60 * 60 * 1000;
// Ten signups (argon2) and their logins before the first test: more than the default 30 s on a loaded machine.
const SETUP_TIMEOUT_MS = 120_000;

/** Issue 27: POST /api/Flag, the hide at three eligible flags, the review queue and its resolutions. */
describe('flags and the review queue', () => {
  let site: TestApp;
  let author: TestUser;
  let admin: TestUser;
  let readers: TestUser[];
  let unconfirmed: TestUser;
  let newcomer: TestUser;
  let articleId: number;
  let commentId: number;

  // Accounts count toward hiding once a day old: the site's clock moves a day on after the first signups.
  let clockMs = Date.now();
  const clock = () => new Date(clockMs);

  beforeAll(async () => {
    site = await startTestApp({ clock });
    author = await signUp(site, 'Ada Author');
    admin = await makeAdmin(site, await signUp(site, 'Root Admin'));
    readers = [];
    for (const name of ['Bob Reader', 'Cy Reader', 'Dee Reader', 'Eve Reader', 'Fay Reader']) {
      const reader = await signUp(site, name);
      await confirmEmailOf(site, reader);
      readers.push(reader);
    }
    unconfirmed = await signUp(site, 'Una Unconfirmed');
    clockMs += DAY + 60_000;
    author = await logInAgain(site, author);
    admin = { ...(await logInAgain(site, admin)), roleId: 2 };
    for (let index = 0; index < readers.length; index++) readers[index] = await logInAgain(site, readers[index]);
    unconfirmed = await logInAgain(site, unconfirmed);
    newcomer = await signUp(site, 'Ned Newcomer');
    await confirmEmailOf(site, newcomer);
    articleId = await createPost(site, 'Article', author, articleBody({ isPublished: true, title: 'Engines of thought' }));
    const comment = await site
      .http()
      .post('/api/ArticleComment')
      .set(bearer(author))
      .send({ content: '<p>Buy cheap watches</p>', articleID: articleId, parentId: -1, attachedFiles: [] })
      .expect(200);
    commentId = (comment.body.result as Comment).id;
  }, SETUP_TIMEOUT_MS);
  afterAll(() => site.dispose());

  const flag = (user: TestUser | null, body: Record<string, unknown>) =>
    site
      .http()
      .post('/api/Flag')
      .set(user ? bearer(user) : {})
      .send(body);
  const flagComment = (user: TestUser, reason = 'spam') =>
    flag(user, { entityType: 3, id: commentId, reason, note: `${user.name} says ${reason}` });
  const resolve = (user: TestUser, body: Record<string, unknown>) =>
    site.http().put('/api/Moderation/Flags/Resolve').set(bearer(user)).send(body);
  const queue = async (status = 'open') =>
    (await site.http().get(`/api/Moderation/Flags?status=${status}`).set(bearer(admin)).expect(200)).body.result as FlaggedItem[];
  const commentIds = async () =>
    ((await site.http().get(`/api/Article/Comments/${articleId}/-1/20/true`).expect(200)).body.result as Comment[]).map((item) => item.id);
  const settled = async () => {
    const head = await site.app.get<EventStore>(EVENT_STORE).headPosition();
    if (head !== null) await site.app.get(ProjectionRunner).waitFor(head, undefined, 60_000);
  };
  const inbox = async (user: TestUser) =>
    (await site.http().get('/api/Notification').set(bearer(user)).expect(200)).body.result as Notification[];

  it("a reader flags a comment: ItemFlagged on the comment's own stream", async () => {
    await apiSpec(site)
      .given()
      .when(() => flagComment(readers[0]))
      .then([
        expectResponse(200, { success: true, result: true }),
        expectNewEvents(commentStreamName(commentId), [
          {
            type: 'ItemFlagged',
            data: {
              entityType: 3,
              id: commentId,
              flaggerId: readers[0].accountId,
              reason: 'spam',
              note: 'Bob Reader says spam',
              counts: true,
              hides: false,
              at: expect.any(String),
            },
          },
        ]),
      ]);
  });

  it('refuses a second flag by the same person, the author, the anonymous, bad input and a missing item', async () => {
    const refused = async (response: PromiseLike<{ status: number; body: unknown }>, status: number, message?: string) => {
      const { status: actual, body } = await response;
      expect([actual, body]).toEqual([status, expect.objectContaining({ success: false, errorMessage: message ?? expect.any(String) })]);
    };
    await refused(flagComment(readers[0]), 409, 'You have already flagged this.');
    await refused(flagComment(author), 403, 'You cannot flag your own post or comment.');
    await refused(flag(null, { entityType: 3, id: commentId, reason: 'spam' }), 401);
    await refused(flag(readers[1], { entityType: 5, id: commentId, reason: 'spam' }), 400);
    await refused(flag(readers[1], { entityType: 3, id: commentId, reason: 'boring' }), 400);
    await refused(flag(readers[1], { entityType: 3, id: commentId, reason: 'spam', note: 'x'.repeat(501) }), 400);
    await refused(flag(readers[1], { entityType: 4, id: commentId, reason: 'spam' }), 404, 'Comment not found.');
    await refused(flag(readers[1], { entityType: 1, id: 999_999, reason: 'spam' }), 404, 'Article not found.');
  });

  it("an unconfirmed account's and a day-young account's flags are queued but do not count toward hiding", async () => {
    await flagComment(unconfirmed, 'abuse').expect(200);
    await flagComment(newcomer, 'other').expect(200);
    await flagComment(readers[1]).expect(200);
    expect(await commentIds()).toContain(commentId);
  });

  it('the third eligible flag hides the comment on every read path, as an unapproval does', async () => {
    await apiSpec(site)
      .given()
      .when(() => flagComment(readers[2], 'off-topic'))
      .then([
        expectResponse(200),
        expectNewEvents(commentStreamName(commentId), [
          { type: 'ItemFlagged', data: expect.objectContaining({ flaggerId: readers[2].accountId, counts: true, hides: true }) },
          { type: 'CommentUnapproved', data: { at: expect.any(String), reason: 'flagged', postId: articleId } },
        ]),
      ]);
    expect(await commentIds()).not.toContain(commentId);
    await site.http().get(`/api/ArticleComment/${commentId}`).expect(404);
    await site.http().get(`/api/ArticleComment/${commentId}`).set(bearer(readers[0])).expect(404);
    // Its author still sees it, as any unapproved comment of theirs.
    await site.http().get(`/api/ArticleComment/${commentId}`).set(bearer(author)).expect(200);
  });

  it('the review queue lists the item with its counts, reasons, notes and a link (admins only)', async () => {
    const [item] = await queue();
    expect(item).toMatchObject({
      entityType: 3,
      id: commentId,
      postId: articleId,
      title: 'Engines of thought',
      excerpt: 'Buy cheap watches',
      url: `/article/${articleId}/engines-of-thought#comment-${commentId}`,
      status: 'open',
      isHidden: true,
      count: 5,
      reasons: { spam: 2, abuse: 1, other: 1, 'off-topic': 1 },
      resolution: null,
    });
    expect(item.flags.map((each) => [each.name, each.note, each.counts])).toEqual([
      ['Bob Reader', 'Bob Reader says spam', true],
      ['Una Unconfirmed', 'Una Unconfirmed says abuse', false],
      ['Ned Newcomer', 'Ned Newcomer says other', false],
      ['Cy Reader', 'Cy Reader says spam', true],
      ['Dee Reader', 'Dee Reader says off-topic', true],
    ]);
    await site.http().get('/api/Moderation/Flags').set(bearer(readers[0])).expect(403);
    await site.http().get('/api/Moderation/Flags').expect(401);
    const bad = await site.http().get('/api/Moderation/Flags?status=later').set(bearer(admin)).expect(400);
    expect(bad.body).toMatchObject({ success: false, errorMessage: "- Status must be 'open' or 'resolved'" });
  });

  it('an admin dismisses the flags: the comment shows again, the queue moves it to resolved, a second resolution is 409', async () => {
    await resolve(readers[0], { entityType: 3, id: commentId, action: 'dismiss', note: '' }).expect(403);
    const response = await resolve(admin, { entityType: 3, id: commentId, action: 'dismiss', note: 'Not spam' }).expect(200);
    expect(response.body.result).toEqual({ entityType: 3, id: commentId, action: 'dismiss' });
    expect(await commentIds()).toContain(commentId);
    expect(await queue()).toEqual([]);
    const [resolved] = await queue('resolved');
    expect(resolved).toMatchObject({
      id: commentId,
      status: 'resolved',
      isHidden: false,
      resolution: { action: 'dismiss', note: 'Not spam', by: admin.userName, byName: 'Root Admin' },
    });
    const again = await resolve(admin, { entityType: 3, id: commentId, action: 'hide', note: '' }).expect(409);
    expect(again.body).toMatchObject({ success: false, errorMessage: 'There are no open flags on this item.' });
  });

  it('every flagger hears the outcome in their inbox; the author hears of no flagger', async () => {
    await settled();
    for (const flagger of [readers[0], readers[1], readers[2], unconfirmed, newcomer]) {
      expect((await inbox(flagger)).find((row) => row.kind === 'flag-resolved')).toMatchObject({
        outcome: 'dismiss',
        actors: [expect.objectContaining({ name: 'Root Admin' })],
        target: expect.objectContaining({ entityType: 3, id: commentId, title: 'Engines of thought' }),
      });
    }
    const authorInbox = await inbox(author);
    expect(authorInbox.flatMap((row) => row.actors.map((actor) => actor.name))).not.toEqual(expect.arrayContaining(['Dee Reader']));
  });

  it("the hide by flags and the admin's resolution are on the post's moderation trail", async () => {
    const trail = (await site.http().get(`/api/Moderation/1/${articleId}`).set(bearer(admin)).expect(200)).body.result as {
      action: string;
      actor: string;
      commentId?: number;
    }[];
    expect(trail.filter((entry) => entry.commentId === commentId).map((entry) => [entry.action, entry.actor])).toEqual([
      ['hidden-by-flags', 'system'],
      ['dismiss-flags', admin.userName],
      ['approve-comment', admin.userName],
    ]);
  });

  it('a post flagged by three readers is hidden from home and its page; an admin deletes it; flaggers hear so', async () => {
    const doomed = await createPost(site, 'Article', author, articleBody({ isPublished: true, title: 'Spam article' }));
    for (const reader of readers.slice(0, 3)) await flag(reader, { entityType: 1, id: doomed, reason: 'spam' }).expect(200);
    await site.http().get(`/api/Article/${doomed}`).expect(404);
    const home = (await site.http().get('/api/Home/').expect(200)).body.result as { articles: { id: number }[] };
    expect(home.articles.map((item) => item.id)).not.toContain(doomed);
    await resolve(admin, { entityType: 1, id: doomed, action: 'delete', note: 'Spam' }).expect(200);
    await site.http().get(`/api/Article/${doomed}`).set(bearer(author)).expect(404);
    await settled();
    const heard = (await inbox(readers[0])).find((row) => row.kind === 'flag-resolved' && row.target.id === doomed);
    expect(heard).toMatchObject({ outcome: 'delete', target: { entityType: 1, id: doomed, title: '', url: '' } });
    await flag(readers[3], { entityType: 1, id: doomed, reason: 'spam' }).expect(404);
  });

  it('an admin hides a question flagged once; a later flag reopens its row in the queue', async () => {
    const questionId = await createPost(site, 'Question', author, questionBody({ title: 'Odd question' }));
    await flag(readers[3], { entityType: 2, id: questionId, reason: 'off-topic', note: 'Not about code' }).expect(200);
    await site.http().get(`/api/Question/${questionId}`).expect(200);
    await resolve(admin, { entityType: 2, id: questionId, action: 'hide', note: '' }).expect(200);
    await site.http().get(`/api/Question/${questionId}`).expect(404);
    await resolve(admin, { entityType: 2, id: questionId, action: 'dismiss', note: '' }).expect(409);
    // Its author still sees it: a later flag by someone who can see it reopens the row.
    await site.http().put('/api/Question/Approve').set(bearer(admin)).send({ id: questionId, isApproved: true });
    await flag(readers[4], { entityType: 2, id: questionId, reason: 'spam' }).expect(200);
    const row = (await queue()).find((item) => item.id === questionId && item.entityType === 2);
    expect(row).toMatchObject({ status: 'open', count: 1, flags: [expect.objectContaining({ name: 'Fay Reader' })] });
  });

  it('rebuilds the queue, the trail and the inboxes from zero into the same documents as the live ones', async () => {
    await settled();
    const collections = [FLAG_QUEUE_COLLECTION, MODERATION_LOG_COLLECTION, NOTIFICATIONS_COLLECTION];
    const live = await Promise.all(collections.map((collection) => documentsOf(site, collection)));
    for (const name of ['flag-queue', 'moderation-log', 'notifications']) {
      const projection = site.app.get(ProjectionRunner).projections.find((candidate) => candidate.name === name)!;
      await rebuildProjection(site.app.get<EventStore>(EVENT_STORE), site.app.get<ReadStore>(READ_STORE), projection);
    }
    expect(await Promise.all(collections.map((collection) => documentsOf(site, collection)))).toEqual(live);
    expect(live[0].length).toBeGreaterThanOrEqual(3);
  });
});

/** The flag abuse limit, through the rate-limiter port (RATE_LIMITS on, a small `flag` limit). */
describe('flag abuse limit', () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp({ env: { RATE_LIMITS: 'flag=2/1h' } });
  });
  afterAll(() => site.dispose());

  it('refuses the third flag of an hour with 429 and Retry-After; refused flags do not count', async () => {
    const author = await signUp(site, 'Ada Author');
    const reader = await signUp(site, 'Bob Reader');
    const ids = [];
    for (let index = 0; index < 3; index++)
      ids.push(await createPost(site, 'Question', author, questionBody({ title: `Question ${index}` })));
    const flag = (id: number) => site.http().post('/api/Flag').set(bearer(reader)).send({ entityType: 2, id, reason: 'spam' });
    await flag(ids[0]).expect(200);
    await flag(ids[0]).expect(409);
    await flag(ids[1]).expect(200);
    const limited = await flag(ids[2]).expect(429);
    expect(limited.body.errorMessage).toMatch(/^You are flagging too fast\. Please try again in \d+ minutes?\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
