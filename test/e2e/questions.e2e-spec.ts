import { bearer } from '../support/accounts';
import { createPost, questionBody } from '../support/posts';
import { NEW_POST_READS } from '../support/new-post-reads';
import { postRoutes, startPostSite, startPreModeratedSite, useStartedSite } from '../support/post-routes';
import { startTestApp } from '../support/test-app';

/** SPEC §7 'Articles and questions', the question calls, over HTTP in embedded mode. */
describe('questions', () => {
  const cast = useStartedSite(() => startPostSite('Quinn Asker'));

  const { get: getQuestion, put: putQuestion, approve, remove, homeIds: homeQuestionIds } = postRoutes(() => cast.site, 'Question');
  const ask = (overrides: Record<string, unknown> = {}, user = cast.owner) =>
    createPost(cast.site, 'Question', user, questionBody(overrides));

  describe('POST /api/Question', () => {
    it('asks a question that everyone sees at once, on home too', async () => {
      const response = await cast.site.http().post('/api/Question').set(bearer(cast.owner)).send(questionBody()).expect(200);
      expect(response.body).toEqual({ success: true, result: expect.any(Number), errorMessage: null, timeStamp: expect.any(String) });
      const id = response.body.result as number;
      const { defaultImageId: _defaultImageId, ...fields } = questionBody();
      expect((await getQuestion(id).expect(200)).body.result).toEqual({
        id,
        ...fields,
        category: 'Multithreading',
        uName: cast.owner.userName,
        name: 'Quinn Asker',
        isApproved: true,
        defaultImageId: -1,
        ...NEW_POST_READS,
        acceptedCommentId: null,
      });
      expect(await homeQuestionIds()).toContain(id);
      const item = (await cast.site.http().get('/api/Home/').expect(200)).body.result.questions.find((q: { id: number }) => q.id === id);
      expect(item).toMatchObject({
        entityType: 2,
        title: fields.title,
        name: 'Quinn Asker',
        uName: cast.owner.userName,
        articleDescription: null,
      });
    });

    it('refuses anonymous callers', async () => {
      await cast.site.http().post('/api/Question').send(questionBody()).expect(401);
    });

    it('validates the fields', async () => {
      for (const body of [
        {},
        questionBody({ title: '' }),
        questionBody({ title: 'x'.repeat(201) }),
        questionBody({ categoryId: undefined }),
        questionBody({ tags: [] }),
        questionBody({ content: '' }),
      ]) {
        const response = await cast.site.http().post('/api/Question').set(bearer(cast.owner)).send(body).expect(400);
        expect(response.body).toMatchObject({ success: false, result: null, errorMessage: expect.stringMatching(/\S/) });
      }
    });

    it('sanitizes the content', async () => {
      const id = await ask({ content: '<p>Why?<script>steal()</script><img src="https://example.com/q.png" onerror="steal()"></p>' });
      const content = (await getQuestion(id).expect(200)).body.result.content as string;
      expect(content).not.toMatch(/<script|onerror|steal\(/);
      expect(content).toContain('<img src="https://example.com/q.png" />');
    });
  });

  describe('GET /api/Question/:id', () => {
    it('answers 400 for an id that is not a number and 404 for an unknown one', async () => {
      expect((await getQuestion('what').expect(400)).body.errorMessage).toBe('Question id must be a number.');
      expect((await getQuestion(31337).expect(404)).body.errorMessage).toBe('Question not found.');
    });
  });

  describe('PUT /api/Question', () => {
    it('keeps the permission matrix: anonymous 401, other user 403, owner and admin allowed', async () => {
      const id = await ask();
      await putQuestion(questionBody({ id, title: 'Anonymous' }), null).expect(401);
      await putQuestion(questionBody({ id, title: 'Other' }), cast.other).expect(403);
      expect((await putQuestion(questionBody({ id, title: 'How do I cancel a Task quickly?' }), cast.owner).expect(200)).body.result).toBe(
        true,
      );
      expect((await getQuestion(id).expect(200)).body.result).toMatchObject({
        title: 'How do I cancel a Task quickly?',
        updatedOn: expect.any(String),
      });
      await putQuestion(questionBody({ id, title: 'Edited by admin', defaultImageId: 9 }), cast.admin).expect(200);
      expect((await getQuestion(id).expect(200)).body.result).toMatchObject({
        title: 'Edited by admin',
        defaultImageId: 9,
        uName: cast.owner.userName,
      });
    });

    it('needs the id of an existing question', async () => {
      await putQuestion(questionBody(), cast.owner).expect(400);
      expect((await putQuestion(questionBody({ id: 99 }), cast.owner).expect(404)).body.errorMessage).toBe('Question not found.');
    });
  });

  describe('PUT /api/Question/Approve', () => {
    it('is for admins only and hides an unapproved question from everyone but its owner and admins', async () => {
      const id = await ask();
      await approve(id, false, null).expect(401);
      await approve(id, false, cast.other).expect(403);
      await approve(id, false, cast.owner).expect(403);
      expect((await approve(id, false, cast.admin).expect(200)).body.result).toBe(true);
      await getQuestion(id).expect(404);
      await getQuestion(id, cast.other).expect(404);
      expect((await getQuestion(id, cast.owner).expect(200)).body.result.isApproved).toBe(false);
      await getQuestion(id, cast.admin).expect(200);
      expect(await homeQuestionIds()).not.toContain(id);
      await approve(id, true, cast.admin).expect(200);
      await getQuestion(id).expect(200);
      expect(await homeQuestionIds()).toContain(id);
    });
  });

  describe('DELETE /api/Question/:id', () => {
    it('keeps the permission matrix and makes the question 404 for everyone', async () => {
      const mine = await ask();
      await remove(mine, null).expect(401);
      await remove(mine, cast.other).expect(403);
      expect((await remove(mine, cast.owner).expect(200)).body.result).toBe(true);
      for (const viewer of [null, cast.other, cast.owner, cast.admin]) await getQuestion(mine, viewer).expect(404);
      expect(await homeQuestionIds()).not.toContain(mine);

      const theirs = await ask({}, cast.other);
      expect((await remove(theirs, cast.admin).expect(200)).body.result).toBe(true);
      await getQuestion(theirs, cast.other).expect(404);
      await putQuestion(questionBody({ id: theirs }), cast.other).expect(404);
      await remove(theirs, cast.other).expect(404);
    });

    it('answers 400 for an id that is not a number', async () => {
      expect((await remove('x1', cast.owner).expect(400)).body.errorMessage).toBe('Question id must be a number.');
    });
  });

  it('keeps questions across a restart', async () => {
    const id = await ask({ title: 'Still here after a restart?' });
    const before = (await getQuestion(id).expect(200)).body.result;
    await cast.site.close();
    cast.site = await startTestApp({ dataDir: cast.site.dataDir });
    expect((await getQuestion(id).expect(200)).body.result).toEqual(before);
    expect(await homeQuestionIds()).toContain(id);
  });
});

describe('questions under pre-moderation (MODERATION=pre)', () => {
  const cast = useStartedSite(startPreModeratedSite);

  it('waits, unapproved, until an admin approves it', async () => {
    const id = await createPost(cast.site, 'Question', cast.owner, questionBody());
    await cast.site.http().get(`/api/Question/${id}`).expect(404);
    expect((await cast.site.http().get(`/api/Question/${id}`).set(bearer(cast.owner)).expect(200)).body.result.isApproved).toBe(false);
    await cast.site.http().put('/api/Question/Approve').set(bearer(cast.admin)).send({ id, isApproved: true }).expect(200);
    await cast.site.http().get(`/api/Question/${id}`).expect(200);
  });
});
