import type { Comment, GridPostItem, Notification, Question } from '@app/contracts';
import { questionStreamName } from '@app/domain';
import type { EventStore } from '@app/event-store';
import { HOME_COLLECTION, NOTIFICATIONS_COLLECTION, POST_VIEW_COLLECTION, ProjectionRunner, rebuildProjection } from '@app/projections';
import type { ReadStore } from '@app/read-store';
import { EVENT_STORE, READ_STORE } from '@app/api';
import { bearer, makeAdmin, signUp, type TestUser } from '../support/accounts';
import { apiSpec, expectNewEvents, expectResponse } from '../support/api-spec';
import { articleBody, createPost, documentsOf, questionBody, searchRequest } from '../support/posts';
import { startTestApp, type TestApp } from '../support/test-app';

/** Issue 27: PUT /api/Question/AcceptAnswer, the question's `acceptedCommentId` and the comments' `isAccepted`. */
describe('accepted answers', () => {
  let site: TestApp;
  let asker: TestUser;
  let answerer: TestUser;
  let admin: TestUser;
  let questionId: number;
  let otherQuestionId: number;
  let articleId: number;
  let answerId: number;
  let replyId: number;
  let elsewhereId: number;

  // The comment rate limit counts on the site's clock: each comment is 31 s after the previous one.
  let clockMs = Date.now();
  const clock = () => new Date(clockMs);

  const comment = async (user: TestUser, postId: number, parentId = -1, route = 'Question') => {
    clockMs += 31_000;
    const idField = route === 'Question' ? 'questionID' : 'articleID';
    const response = await site
      .http()
      .post(`/api/${route}Comment`)
      .set(bearer(user))
      .send({ content: '<p>Try this.</p>', [idField]: postId, parentId, attachedFiles: [] })
      .expect(200);
    return (response.body.result as Comment).id;
  };

  beforeAll(async () => {
    site = await startTestApp({ clock });
    asker = await signUp(site, 'Asa Asker');
    answerer = await signUp(site, 'Ann Answerer');
    admin = await makeAdmin(site, await signUp(site, 'Root Admin'));
    questionId = await createPost(site, 'Question', asker, questionBody({ title: 'How do I cancel a task?' }));
    otherQuestionId = await createPost(site, 'Question', asker, questionBody({ title: 'Another question' }));
    articleId = await createPost(site, 'Article', asker, articleBody({ isPublished: true }));
    answerId = await comment(answerer, questionId);
    replyId = await comment(asker, questionId, answerId);
    elsewhereId = await comment(answerer, otherQuestionId);
  });
  afterAll(() => site.dispose());

  const accept = (user: TestUser | null, body: Record<string, unknown>) =>
    site
      .http()
      .put('/api/Question/AcceptAnswer')
      .set(user ? bearer(user) : {})
      .send(body);
  const question = async () => (await site.http().get(`/api/Question/${questionId}`).expect(200)).body.result as Question;
  const comments = async () =>
    (await site.http().get(`/api/Question/Comments/${questionId}/-1/20/true`).expect(200)).body.result as Comment[];

  it('a question carries acceptedCommentId null and its comments isAccepted false before any is accepted', async () => {
    expect((await question()).acceptedCommentId).toBeNull();
    expect((await comments()).map((item) => item.isAccepted)).toEqual([false, false]);
  });

  it("the question's author accepts a comment: QuestionAnswerAccepted on the question's stream", async () => {
    await apiSpec(site)
      .given()
      .when(() => accept(asker, { questionId, commentId: answerId }))
      .then([
        expectResponse(200, { result: { acceptedCommentId: answerId } }),
        expectNewEvents(questionStreamName(questionId), [
          { type: 'QuestionAnswerAccepted', data: { commentId: answerId, commentAuthorId: answerer.accountId, at: expect.any(String) } },
        ]),
      ]);
    expect((await question()).acceptedCommentId).toBe(answerId);
    expect((await comments()).map((item) => [item.id, item.isAccepted])).toEqual([
      [answerId, true],
      [replyId, false],
    ]);
    expect((await site.http().get(`/api/QuestionComment/${answerId}`).expect(200)).body.result.isAccepted).toBe(true);
  });

  it("the accepted comment's author gets an answer-accepted notification linking the comment", async () => {
    const head = await site.app.get<EventStore>(EVENT_STORE).headPosition();
    if (head !== null) await site.app.get(ProjectionRunner).waitFor(head, undefined, 60_000);
    const inbox = (await site.http().get('/api/Notification').set(bearer(answerer)).expect(200)).body.result as Notification[];
    expect(inbox.find((notification) => notification.kind === 'answer-accepted')).toMatchObject({
      actors: [expect.objectContaining({ name: 'Asa Asker' })],
      target: expect.objectContaining({ id: answerId }),
    });
  });

  it('home marks the question solved', async () => {
    const questions = (await site.http().get('/api/Home/').expect(200)).body.result.questions as { id: number; isSolved?: boolean }[];
    expect(questions.find((item) => item.id === questionId)?.isSolved).toBe(true);
    expect(questions.find((item) => item.id === otherQuestionId)?.isSolved).toBe(false);
  });

  it('a reply on the question may be accepted too, by an admin', async () => {
    await accept(admin, { questionId, commentId: replyId }).expect(200);
    expect((await question()).acceptedCommentId).toBe(replyId);
  });

  it('null clears it', async () => {
    const response = await accept(asker, { questionId, commentId: null }).expect(200);
    expect(response.body.result).toEqual({ acceptedCommentId: null });
    expect((await question()).acceptedCommentId).toBeNull();
  });

  it('refuses anyone but the author and admins, a comment of another post, a missing comment and an article', async () => {
    const refused = async (user: TestUser | null, body: Record<string, unknown>, status: number, message?: string) => {
      const response = await accept(user, body).expect(status);
      expect(response.body).toMatchObject({ success: false, errorMessage: message ?? expect.any(String) });
    };
    await refused(null, { questionId, commentId: answerId }, 401);
    await refused(answerer, { questionId, commentId: answerId }, 403);
    await refused(asker, { questionId, commentId: elsewhereId }, 400, 'The accepted answer must be a comment on this question.');
    await refused(asker, { questionId, commentId: 999_999_999 }, 404, 'Comment not found.');
    await refused(asker, { questionId: articleId, commentId: answerId }, 404, 'Question not found.');
    await refused(asker, { questionId: 'x', commentId: answerId }, 400);
    await refused(asker, { questionId }, 400);
  });

  it('a deleted comment cannot be accepted', async () => {
    const doomed = await comment(answerer, questionId);
    await site.http().delete(`/api/QuestionComment/${doomed}`).set(bearer(answerer)).expect(200);
    await accept(asker, { questionId, commentId: doomed }).expect(404);
  });

  it("deleting the accepted comment clears the question's accepted answer: acceptedCommentId null, isSolved false on home and search", async () => {
    const doomed = await comment(answerer, questionId);
    await accept(asker, { questionId, commentId: doomed }).expect(200);
    const searchRow = async () => {
      const response = await site
        .http()
        .post('/api/Search')
        .send(searchRequest({ entityType: 2 }))
        .expect(200);
      return (response.body.result as GridPostItem[]).find((row) => row.id === questionId);
    };
    expect(await searchRow()).toMatchObject({ isSolved: true });
    await apiSpec(site)
      .given()
      .when((http) => http.delete(`/api/QuestionComment/${doomed}`).set(bearer(answerer)))
      .then([
        expectResponse(200),
        expectNewEvents(questionStreamName(questionId), [
          { type: 'QuestionAcceptedAnswerCleared', data: { at: expect.any(String), deletedCommentId: doomed } },
        ]),
      ]);
    expect((await question()).acceptedCommentId).toBeNull();
    expect((await comments()).some((item) => item.isAccepted)).toBe(false);
    const home = (await site.http().get('/api/Home/').expect(200)).body.result.questions as { id: number; isSolved?: boolean }[];
    expect(home.find((item) => item.id === questionId)?.isSolved).toBe(false);
    expect(await searchRow()).toMatchObject({ isSolved: false });
  });

  it("an admin deleting the accepted comment by resolving its flags clears the question's accepted answer too", async () => {
    const flagged = await comment(answerer, questionId);
    await accept(asker, { questionId, commentId: flagged }).expect(200);
    await site.http().post('/api/Flag').set(bearer(asker)).send({ entityType: 4, id: flagged, reason: 'spam' }).expect(200);
    await site
      .http()
      .put('/api/Moderation/Flags/Resolve')
      .set(bearer(admin))
      .send({ entityType: 4, id: flagged, action: 'delete', note: 'Spam link' })
      .expect(200);
    expect((await question()).acceptedCommentId).toBeNull();
  });

  it('deleting a comment that is not the accepted one leaves the accepted answer', async () => {
    await accept(asker, { questionId, commentId: answerId }).expect(200);
    const other = await comment(answerer, questionId);
    await site.http().delete(`/api/QuestionComment/${other}`).set(bearer(answerer)).expect(200);
    expect((await question()).acceptedCommentId).toBe(answerId);
  });

  it('rebuilds the post views from zero into the same documents as the live ones', async () => {
    await accept(asker, { questionId, commentId: answerId }).expect(200);
    const live = await documentsOf(site, POST_VIEW_COLLECTION);
    const head = await site.app.get<EventStore>(EVENT_STORE).headPosition();
    if (head !== null) await site.app.get(ProjectionRunner).waitFor(head, undefined, 60_000);
    const liveInboxes = await documentsOf(site, NOTIFICATIONS_COLLECTION);
    const liveHome = await documentsOf(site, HOME_COLLECTION);
    for (const name of ['post-view', 'notifications', 'home']) {
      const projection = site.app.get(ProjectionRunner).projections.find((candidate) => candidate.name === name)!;
      await rebuildProjection(site.app.get<EventStore>(EVENT_STORE), site.app.get<ReadStore>(READ_STORE), projection);
    }
    expect(await documentsOf(site, POST_VIEW_COLLECTION)).toEqual(live);
    expect(await documentsOf(site, NOTIFICATIONS_COLLECTION)).toEqual(liveInboxes);
    expect(await documentsOf(site, HOME_COLLECTION)).toEqual(liveHome);
    expect(live.find((document) => document.id === questionStreamName(questionId))).toMatchObject({ acceptedCommentId: answerId });
  });
});
