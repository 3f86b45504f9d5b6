import { firstSearchPager, type GridPostItem } from '@app/contracts';
import { articleStreamName, questionStreamName } from '@app/domain';
import { EVENT_STORE, type EventStore } from '@app/event-store';
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
});
