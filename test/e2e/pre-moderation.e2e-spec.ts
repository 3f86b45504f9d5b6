import { firstSearchPager, type GridPostItem } from '@app/contracts';
import { articleStreamName, questionStreamName } from '@app/domain';
import { EVENT_STORE, type EventStore } from '@app/event-store';
import { samplePdf, samplePng } from '@app/testing';
import { bearer, makeAdmin, signUp, type TestUser } from '../support/accounts';
import { articleBody, createPost, questionBody } from '../support/posts';
import { startTestApp, type TestApp } from '../support/test-app';

describe('editing an approved post under pre-moderation (MODERATION=pre)', () => {
  let site: TestApp;
  let author: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    site = await startTestApp({ env: { MODERATION: 'pre' } });
    author = await signUp(site, 'Eve Editor');
    admin = await makeAdmin(site, await signUp(site, 'Mo Moderator'));
  });
  afterAll(() => site.dispose());

  const approve = (kind: 'Article' | 'Question', id: number, isApproved = true) =>
    site.http().put(`/api/${kind}/Approve`).set(bearer(admin)).send({ id, isApproved }).expect(200);
  const adminPanel = async (searchString: string): Promise<GridPostItem[]> =>
    (
      await site
        .http()
        .post('/api/Search/ByAdmin')
        .set(bearer(admin))
        .send({ searchString, uName: '', categoryId: -1, entityType: 100, orderByAsc: false, Tags: [], pager: firstSearchPager(false) })
        .expect(200)
    ).body.result as GridPostItem[];
  const publicSearch = async (searchString: string): Promise<number[]> =>
    (
      (
        await site
          .http()
          .post('/api/Search')
          .send({ searchString, uName: '', categoryId: -1, entityType: 100, orderByAsc: false, Tags: [], pager: firstSearchPager(false) })
          .expect(200)
      ).body.result as GridPostItem[]
    ).map((item) => item.id);

  it('sends an edited article back for approval: hidden from the public, unapproved in the Admin Panel, back once approved', async () => {
    const id = await createPost(site, 'Article', author, articleBody({ title: 'Harmless marmalade recipe', isPublished: true }));
    await approve('Article', id);
    await site.http().get(`/api/Article/${id}`).expect(200);
    expect(await publicSearch('marmalade')).toEqual([id]);

    await site
      .http()
      .put('/api/Article')
      .set(bearer(author))
      .send(articleBody({ id, title: 'Harmless marmalade recipe, now with spam', isPublished: true }))
      .expect(200);

    const events = await site.app.get<EventStore>(EVENT_STORE).readStream(articleStreamName(id));
    expect(events.at(-1)).toMatchObject({ type: 'ArticleUnapproved', data: { reason: 'edited' }, metadata: { actor: author.accountId } });
    const notFound = await site.http().get(`/api/Article/${id}`).expect(404);
    expect(notFound.body).toMatchObject({ success: false, errorMessage: expect.any(String) });
    expect((await site.http().get('/api/Home/').expect(200)).body.result.articles.map((a: { id: number }) => a.id)).not.toContain(id);
    expect(await publicSearch('marmalade')).toEqual([]);
    expect(await adminPanel('marmalade')).toEqual([expect.objectContaining({ id, isApproved: false })]);
    expect((await site.http().get(`/api/Article/${id}`).set(bearer(author)).expect(200)).body.result).toMatchObject({
      title: 'Harmless marmalade recipe, now with spam',
      isApproved: false,
    });

    await approve('Article', id);
    expect((await site.http().get(`/api/Article/${id}`).expect(200)).body.result).toMatchObject({ isApproved: true });
    expect(await publicSearch('marmalade')).toEqual([id]);
  });

  it('sends an edited question back too, but not an admin edit nor a save that changes no text', async () => {
    const id = await createPost(site, 'Question', author, questionBody({ title: 'Why is my quokka slow?' }));
    await approve('Question', id);
    await site.http().get(`/api/Question/${id}`).expect(200);

    // A save without a change of text keeps the approval.
    await site
      .http()
      .put('/api/Question')
      .set(bearer(author))
      .send(questionBody({ id, title: 'Why is my quokka slow?' }))
      .expect(200);
    await site.http().get(`/api/Question/${id}`).expect(200);
    // So does an admin's edit.
    await site
      .http()
      .put('/api/Question')
      .set(bearer(admin))
      .send(questionBody({ id, title: 'Why is my quokka so slow?' }))
      .expect(200);
    await site.http().get(`/api/Question/${id}`).expect(200);

    await site
      .http()
      .put('/api/Question')
      .set(bearer(author))
      .send(questionBody({ id, title: 'Buy cheap quokka pills' }))
      .expect(200);
    await site.http().get(`/api/Question/${id}`).expect(404);
    expect(await adminPanel('quokka')).toEqual([expect.objectContaining({ id, isApproved: false })]);
    const events = await site.app.get<EventStore>(EVENT_STORE).readStream(questionStreamName(id));
    expect(events.map((event) => event.type).slice(-2)).toEqual(['QuestionEdited', 'QuestionUnapproved']);

    await approve('Question', id);
    await site.http().get(`/api/Question/${id}`).expect(200);
  });
  describe('what else changes an approved post or comment (issue 23)', () => {
    const approvedArticle = async (title: string) => {
      const id = await createPost(site, 'Article', author, articleBody({ title, isPublished: true }));
      await approve('Article', id);
      await site.http().get(`/api/Article/${id}`).expect(200);
      return id;
    };
    const upload = (referenceId: number, attachmentTypeId: number, file: { bytes: Buffer; name: string }) =>
      site
        .http()
        .post('/api/File')
        .set(bearer(author))
        .field('AttachmentTypeId', String(attachmentTypeId))
        .field('FileDisplayName', 'Totally harmless')
        .field('Instructions', 'Harmless')
        .field('ReferenceId', String(referenceId))
        .attach('file', file.bytes, file.name)
        .then((response) => {
          expect([response.status, response.body.errorMessage]).toEqual([200, null]);
          return response;
        });
    const lastEvent = async (id: number) => (await site.app.get<EventStore>(EVENT_STORE).readStream(articleStreamName(id))).at(-1);

    it('a new attachment sends the post back for approval', async () => {
      const id = await approvedArticle('Attachment target');
      await upload(id, 2, { bytes: samplePdf(), name: 'new.pdf' });
      await site.http().get(`/api/Article/${id}`).expect(404);
      expect(await lastEvent(id)).toMatchObject({ type: 'ArticleUnapproved', data: { reason: 'edited' } });
      await approve('Article', id);
      await site.http().get(`/api/Article/${id}`).expect(200);
    });

    it('a new image, and a new default image, send the post back for approval', async () => {
      const id = await approvedArticle('Image target');
      const image = (await upload(id, 4, { bytes: samplePng(), name: 'new.png' })).body.result as { id: number };
      await site.http().get(`/api/Article/${id}`).expect(404);
      await approve('Article', id);
      await site
        .http()
        .put('/api/Article')
        .set(bearer(author))
        .send(articleBody({ id, title: 'Image target', isPublished: true, defaultImageId: image.id }))
        .expect(200);
      await site.http().get(`/api/Article/${id}`).expect(404);
      expect(await lastEvent(id)).toMatchObject({ type: 'ArticleUnapproved', data: { reason: 'edited' } });
    });

    it("an author's edit of an approved comment sends it back for approval; an admin's does not", async () => {
      const id = await approvedArticle('Comment target');
      const comment = (
        await site.http().post('/api/ArticleComment').set(bearer(author)).send({ content: '<p>Nice post</p>', articleID: id }).expect(200)
      ).body.result as { id: number };
      const publicComments = async () =>
        ((await site.http().get(`/api/Article/Comments/${id}/-1/20/true`).expect(200)).body.result as Array<{ id: number }>).map(
          (each) => each.id,
        );
      expect(await publicComments()).toEqual([]);
      await site.http().put('/api/ArticleComment/Approve').set(bearer(admin)).send({ id: comment.id, isApproved: true }).expect(200);
      expect(await publicComments()).toEqual([comment.id]);
      const editAs = (user: TestUser, content: string) =>
        site.http().put('/api/ArticleComment').set(bearer(user)).send({ id: comment.id, content }).expect(200);
      await editAs(admin, '<p>Nice post!</p>');
      expect(await publicComments()).toEqual([comment.id]);
      await editAs(author, '<p>Buy cheap pills at spam.example</p>');
      expect(await publicComments()).toEqual([]);
      await site.http().put('/api/ArticleComment/Approve').set(bearer(admin)).send({ id: comment.id, isApproved: true }).expect(200);
      expect(await publicComments()).toEqual([comment.id]);
    });
  });
});
