import { COMMENT_MESSAGES, POST_MESSAGES, type Comment } from '@app/contracts';
import { commentStreamName, fileStreamName } from '@app/domain';
import type { EventStore } from '@app/event-store';
import { COMMENTS_COLLECTION, MODERATION_LOG_COLLECTION, ProjectionRunner, rebuildProjection } from '@app/projections';
import type { ReadStore } from '@app/read-store';
import { EVENT_STORE, READ_STORE } from '@app/api';
import { samplePng } from '@app/testing';
import { bearer, makeAdmin, signUp, type TestUser } from '../support/accounts';
import { apiSpec, existingStream, expectNewEvents, expectResponse } from '../support/api-spec';
import { articleBody, createPost, documentsOf, questionBody } from '../support/posts';
import { startTestApp, type TestApp } from '../support/test-app';

/** SPEC §7 article and question comment calls, and the comment lists of posts, over HTTP in embedded mode. */
describe('comments', () => {
  let site: TestApp;
  let author: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let articleId: number;
  let questionId: number;

  // The comment rate limit counts on the site's clock: each test starts 31 s after the previous one.
  let clockMs = Date.now();
  const clock = () => new Date(clockMs);
  beforeEach(() => {
    clockMs += 31_000;
  });

  beforeAll(async () => {
    site = await startTestApp({ clock });
    author = await signUp(site, 'Ada Author');
    other = await signUp(site, 'Olga Other');
    admin = await makeAdmin(site, await signUp(site, 'Root Admin'));
    articleId = await createPost(site, 'Article', author, articleBody({ isPublished: true }));
    questionId = await createPost(site, 'Question', author, questionBody());
  });
  afterAll(() => site.dispose());

  const as = (user: TestUser | null) => (user ? bearer(user) : {});
  const addArticleComment = (user: TestUser | null, body: Record<string, unknown>) =>
    site
      .http()
      .post('/api/ArticleComment')
      .set(as(user))
      .send({ uName: user?.userName ?? '', attachedFiles: [], parentId: -1, ...body });
  const comment = async (user: TestUser, content = '<p>A comment</p>', extra: Record<string, unknown> = {}) =>
    (await addArticleComment(user, { content, articleID: articleId, ...extra }).expect(200)).body.result as Comment;
  const list = (postId: number, last = -1, size = 20, oldestFirst = true, user: TestUser | null = null, route = 'Article') =>
    site.http().get(`/api/${route}/Comments/${postId}/${last}/${size}/${oldestFirst}`).set(as(user));
  const ids = (response: { body: { result: Comment[] } }) => response.body.result.map((item) => item.id);

  describe('POST /api/ArticleComment', () => {
    it('adds a sanitized comment and returns it', async () => {
      const response = await addArticleComment(other, {
        content: '<p>Great <b>read</b><script>x()</script></p>',
        articleID: articleId,
      }).expect(200);
      expect(response.body).toEqual({
        success: true,
        errorMessage: null,
        timeStamp: expect.any(String),
        result: {
          id: expect.any(Number),
          name: 'Olga Other',
          uName: other.userName,
          content: '<p>Great <b>read</b></p>',
          parentId: -1,
          likes: 0,
          createdOn: expect.any(String),
          updatedOn: null,
          isApproved: true,
          isLikedByMe: false,
          profilePic: '',
          isAccepted: false,
        },
      });
      const created = response.body.result as Comment;
      expect((await site.http().get(`/api/ArticleComment/${created.id}`).expect(200)).body.result).toEqual(created);
    });

    it('records CommentAdded on comment-<id>', async () => {
      await apiSpec(site)
        .given()
        .when((http) => http.post('/api/ArticleComment').set(bearer(other)).send({ content: '<p>Evented</p>', articleID: articleId }))
        .then([
          expectResponse(200),
          expectNewEvents(
            (response) => commentStreamName((response.body.result as Comment).id),
            [
              {
                type: 'CommentAdded',
                data: {
                  id: expect.any(Number),
                  postKind: 'article',
                  postId: articleId,
                  parentId: -1,
                  authorId: other.accountId,
                  content: '<p>Evented</p>',
                  attachedFiles: [],
                  isApproved: true,
                  at: expect.any(String),
                },
              },
            ],
          ),
        ]);
    });

    it('refuses anonymous callers, empty content and missing posts', async () => {
      await addArticleComment(null, { content: '<p>x</p>', articleID: articleId }).expect(401);
      expect((await addArticleComment(other, { content: '<p> </p>', articleID: articleId }).expect(400)).body.errorMessage).toBe(
        POST_MESSAGES.contentRequired,
      );
      expect((await addArticleComment(other, { content: '<p>x</p>', articleID: 999_999 }).expect(404)).body.errorMessage).toBe(
        'Article not found.',
      );
    });

    it('refuses comments on a draft for others, but lets its author comment', async () => {
      const draft = await createPost(site, 'Article', author, articleBody());
      await addArticleComment(other, { content: '<p>x</p>', articleID: draft }).expect(404);
      await addArticleComment(author, { content: '<p>Note to self</p>', articleID: draft }).expect(200);
      await list(draft).expect(404);
    });

    it('refuses comments on a deleted post', async () => {
      const doomed = await createPost(site, 'Article', author, articleBody({ isPublished: true }));
      await site.http().delete(`/api/Article/${doomed}`).set(bearer(author)).expect(200);
      await addArticleComment(other, { content: '<p>x</p>', articleID: doomed }).expect(404);
    });

    it('adds replies with their parentId, but not to a comment of another post', async () => {
      const parent = await comment(author, '<p>Parent</p>');
      const reply = await comment(other, '<p>Reply</p>', { parentId: parent.id });
      expect(reply.parentId).toBe(parent.id);
      const otherArticle = await createPost(site, 'Article', author, articleBody({ isPublished: true }));
      const response = await addArticleComment(other, { content: '<p>x</p>', articleID: otherArticle, parentId: parent.id }).expect(400);
      expect(response.body.errorMessage).toBe('A reply must answer a comment of the same post.');
      await addArticleComment(other, { content: '<p>x</p>', articleID: articleId, parentId: 123_456 }).expect(404);
    });
  });

  describe('PUT, DELETE and Approve: the permission matrix', () => {
    it('lets the author and admins edit; others get 403, anonymous callers 401', async () => {
      const mine = await comment(author, '<p>Mine</p>');
      const edit = (user: TestUser | null, content: string) =>
        site.http().put('/api/ArticleComment').set(as(user)).send({ id: mine.id, content });
      await edit(null, '<p>x</p>').expect(401);
      await edit(other, '<p>x</p>').expect(403);
      const edited = (await edit(author, '<p>Edited by me</p>').expect(200)).body.result as Comment;
      expect(edited).toMatchObject({ id: mine.id, content: '<p>Edited by me</p>', updatedOn: expect.any(String) });
      expect((await edit(admin, '<p>Edited by admin</p>').expect(200)).body.result.content).toBe('<p>Edited by admin</p>');
      expect((await edit(author, '<p></p>').expect(400)).body.errorMessage).toBe(COMMENT_MESSAGES.contentRequired);
    });

    it('lets the author and admins delete; a deleted comment is 404', async () => {
      const first = await comment(author, '<p>One</p>');
      const second = await comment(author, '<p>Two</p>');
      const remove = (user: TestUser | null, id: number) => site.http().delete(`/api/ArticleComment/${id}`).set(as(user));
      await remove(null, first.id).expect(401);
      await remove(other, first.id).expect(403);
      expect((await remove(author, first.id).expect(200)).body.result).toBe(true);
      await remove(admin, second.id).expect(200);
      await site.http().get(`/api/ArticleComment/${first.id}`).expect(404);
      await remove(author, first.id).expect(404);
      expect(ids(await list(articleId, -1, 100))).not.toContain(first.id);
    });

    it('lets only admins approve; an unapproved comment shows only to admins and its author', async () => {
      const hidden = await comment(other, '<p>Borderline</p>');
      const approve = (user: TestUser | null, isApproved: boolean) =>
        site.http().put('/api/ArticleComment/Approve').set(as(user)).send({ id: hidden.id, isApproved });
      await approve(null, false).expect(401);
      await approve(other, false).expect(403);
      await approve(author, false).expect(403);
      expect((await approve(admin, false).expect(200)).body.result).toBe(true);
      expect(ids(await list(articleId, -1, 100))).not.toContain(hidden.id);
      expect(ids(await list(articleId, -1, 100, true, author))).not.toContain(hidden.id);
      expect(ids(await list(articleId, -1, 100, true, other))).toContain(hidden.id);
      const forAdmin = (await list(articleId, -1, 100, true, admin).expect(200)).body.result as Comment[];
      expect(forAdmin.find((item) => item.id === hidden.id)).toMatchObject({ isApproved: false });
      await site.http().get(`/api/ArticleComment/${hidden.id}`).expect(404);
      await approve(admin, true).expect(200);
      expect(ids(await list(articleId, -1, 100))).toContain(hidden.id);
    });

    it("puts the comments' moderation in the post's history", async () => {
      const moderated = await comment(other, '<p>Moderated</p>');
      await site.http().put('/api/ArticleComment/Approve').set(bearer(admin)).send({ id: moderated.id, isApproved: false }).expect(200);
      await site.http().delete(`/api/ArticleComment/${moderated.id}`).set(bearer(admin)).expect(200);
      const history = (await site.http().get(`/api/Moderation/1/${articleId}`).set(bearer(admin)).expect(200)).body.result as {
        action: string;
        commentId?: number;
      }[];
      expect(history.filter((entry) => entry.commentId === moderated.id).map((entry) => entry.action)).toEqual([
        'unapprove-comment',
        'delete-comment',
      ]);
    });
  });

  describe("the grid: the count and the authors' pictures (issue 25)", () => {
    const count = (postId: number, user: TestUser | null = null, route = 'Article') =>
      site.http().get(`/api/${route}/CommentCount/${postId}`).set(as(user));

    it('counts the comments each reader sees, replies included, as the list shows them', async () => {
      const postId = await createPost(site, 'Article', author, articleBody({ isPublished: true }));
      const post = (user: TestUser, content: string, parentId = -1) =>
        addArticleComment(user, { content, articleID: postId, parentId }).expect(200);
      const first = (await post(other, '<p>One</p>')).body.result as Comment;
      await post(author, '<p>A reply</p>', first.id);
      const hidden = (await post(other, '<p>Hidden later</p>')).body.result as Comment;
      expect((await count(postId).expect(200)).body.result).toBe(3);
      await site.http().put('/api/ArticleComment/Approve').set(bearer(admin)).send({ id: hidden.id, isApproved: false }).expect(200);
      expect((await count(postId).expect(200)).body.result).toBe(2);
      expect((await count(postId, other).expect(200)).body.result).toBe(3);
      expect((await count(postId, admin).expect(200)).body.result).toBe(3);
      for (const reader of [null, other, admin]) {
        expect((await count(postId, reader).expect(200)).body.result).toBe(ids(await list(postId, -1, 100, true, reader)).length);
      }
      await site.http().delete(`/api/ArticleComment/${first.id}`).set(bearer(other)).expect(200);
      expect((await count(postId, admin).expect(200)).body.result).toBe(2);
      expect((await count(questionId, null, 'Question').expect(200)).body.result).toEqual(expect.any(Number));
    });

    it('refuses a bad id and a post the reader may not see', async () => {
      expect((await site.http().get('/api/Article/CommentCount/abc').expect(400)).body.errorMessage).toBe('Post id must be a number.');
      expect((await count(987_654).expect(404)).body.success).toBe(false);
      const draft = await createPost(site, 'Article', author, articleBody({ isPublished: false }));
      await count(draft, other).expect(404);
      expect((await count(draft, author).expect(200)).body.result).toBe(0);
    });

    it("shows each author's profile picture beside the comment", async () => {
      const painter = await signUp(site, 'Pia Painter');
      const upload = await site
        .http()
        .post('/api/File')
        .set(bearer(painter))
        .field('AttachmentTypeId', '8')
        .attach('file', samplePng(), 'me.png')
        .expect(200);
      const painted = await comment(painter, '<p>With a face</p>');
      expect(painted.profilePic).toBe(upload.body.result.uploadedFileName);
      const listed = (await list(articleId, -1, 100).expect(200)).body.result as Comment[];
      expect(listed.find((item) => item.id === painted.id)?.profilePic).toBe(upload.body.result.uploadedFileName);
      expect(listed.find((item) => item.uName === other.userName)?.profilePic).toBe('');
    });
  });

  describe('question comments', () => {
    it('use the same calls under /api/QuestionComment with questionID', async () => {
      const added = await site
        .http()
        .post('/api/QuestionComment')
        .set(bearer(other))
        .send({ content: '<p>Use a CancellationToken.</p>', questionID: questionId, parentId: -1, attachedFiles: [] })
        .expect(200);
      const id = (added.body.result as Comment).id;
      expect((await list(questionId, -1, 20, true, null, 'Question').expect(200)).body.result).toEqual([added.body.result]);
      await site.http().put('/api/QuestionComment').set(bearer(other)).send({ id, content: '<p>Edited</p>' }).expect(200);
      // An article comment is not found under the question routes, and the other way round.
      await site.http().get(`/api/ArticleComment/${id}`).expect(404);
      await site.http().delete(`/api/ArticleComment/${id}`).set(bearer(other)).expect(404);
      await site.http().post('/api/QuestionComment').set(bearer(other)).send({ content: '<p>x</p>', articleID: articleId }).expect(400);
      await site.http().delete(`/api/QuestionComment/${id}`).set(bearer(other)).expect(200);
    });
  });

  describe('paging', () => {
    it('pages over more than 20 comments by keyset, oldest or newest first, capped at 100', async () => {
      const post = await createPost(site, 'Question', author, questionBody({ title: 'Paged' }));
      const writers = [author, other, admin];
      const written: number[] = [];
      for (let index = 0; index < 25; index += 1) {
        const response = await site
          .http()
          .post('/api/QuestionComment')
          .set(bearer(writers[index % 3]))
          .send({ content: `<p>Comment ${index}</p>`, questionID: post })
          .expect(200);
        written.push((response.body.result as Comment).id);
      }
      const page = (last: number, size: number, oldestFirst: boolean) => list(post, last, size, oldestFirst, null, 'Question').expect(200);
      const first = ids(await page(-1, 20, true));
      expect(first).toEqual(written.slice(0, 20));
      expect(ids(await page(first[19], 20, true))).toEqual(written.slice(20));
      expect(ids(await page(written[24], 20, true))).toEqual([]);
      const newest = ids(await page(-1, 20, false));
      expect(newest).toEqual([...written].reverse().slice(0, 20));
      expect(ids(await page(newest[19], 20, false))).toEqual([...written].reverse().slice(20));
      expect(ids(await page(-1, 500, true))).toEqual(written);
      await list(post, -1, 0, true, null, 'Question').expect(400);
      await list(post, -1, 20, 'maybe' as unknown as boolean, null, 'Question').expect(400);
      await list(999_999, -1, 20, true, null, 'Question').expect(404);
    });
  });

  describe('comment images', () => {
    it('deletes the images of a deleted comment; only own comment images of the kind can be attached', async () => {
      const upload = async (user: TestUser, attachmentTypeId: number, referenceId = articleId) =>
        (
          await site
            .http()
            .post('/api/File')
            .set(bearer(user))
            .field('AttachmentTypeId', String(attachmentTypeId))
            .field('FileDisplayName', 'Screenshot')
            .field('Instructions', 'What I see')
            .field('ReferenceId', String(referenceId))
            .attach('file', samplePng(), 'shot.png')
            .expect(200)
        ).body.result as { id: number; uploadedFileName: string };
      const image = await upload(other, 6);
      const notMine = await upload(author, 6);
      const wrongKind = await upload(other, 7, questionId);
      await addArticleComment(other, { content: '<p>x</p>', articleID: articleId, attachedFiles: [notMine.id] }).expect(400);
      await addArticleComment(other, { content: '<p>x</p>', articleID: articleId, attachedFiles: [wrongKind.id] }).expect(400);
      const withImage = await comment(other, `<p>See</p><img src="/images/${image.uploadedFileName}">`, { attachedFiles: [image.id] });
      await site.http().get(`/images/${image.uploadedFileName}`).expect(200);

      const eventStore = site.app.get<EventStore>(EVENT_STORE);
      await site.http().delete(`/api/ArticleComment/${withImage.id}`).set(bearer(other)).expect(200);
      expect((await eventStore.readStream(fileStreamName(image.id))).map((event) => event.type)).toEqual(['FileUploaded', 'FileDeleted']);
      await site.http().get(`/images/${image.uploadedFileName}`).expect(404);
    });
  });

  describe('durability', () => {
    it('keeps comments across a restart', async () => {
      await comment(other, '<p>Survives</p>');
      const before = (await list(articleId, -1, 100).expect(200)).body.result as Comment[];
      await site.close();
      site = await startTestApp({ dataDir: site.dataDir, clock });
      expect((await list(articleId, -1, 100).expect(200)).body.result).toEqual(before);
    });

    it('rebuilds the comments and the moderation log from zero into the same documents as the live ones', async () => {
      const collections = [COMMENTS_COLLECTION, MODERATION_LOG_COLLECTION];
      const live = await Promise.all(collections.map((collection) => documentsOf(site, collection)));
      expect(live[0].length).toBeGreaterThan(20);
      const projections = site.app.get(ProjectionRunner).projections;
      for (const name of ['comments', 'moderation-log']) {
        await rebuildProjection(
          site.app.get<EventStore>(EVENT_STORE),
          site.app.get<ReadStore>(READ_STORE),
          projections.find((projection) => projection.name === name)!,
        );
      }
      expect(await Promise.all(collections.map((collection) => documentsOf(site, collection)))).toEqual(live);
    });
  });

  it('given a comment on the log, GET returns it', async () => {
    const id = 4_242;
    await apiSpec(site)
      .given(
        existingStream(commentStreamName(id), [
          {
            type: 'CommentAdded',
            data: {
              id,
              postKind: 'article',
              postId: articleId,
              parentId: -1,
              authorId: author.accountId,
              content: '<p>From the log</p>',
              attachedFiles: [],
              isApproved: true,
              at: '2026-03-01T00:00:00.000Z',
            },
          },
        ]),
      )
      .when((http) => http.get(`/api/ArticleComment/${id}`))
      .then([
        expectResponse(200, { result: { id, name: 'Ada Author', uName: author.userName, content: '<p>From the log</p>', likes: 0 } }),
      ]);
  });
});
