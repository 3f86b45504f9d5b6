import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GridPostItem, SearchRequestInput } from '@app/contracts';
import { questionStreamName } from '@app/domain';
import { bearer, makeAdmin, signUp, type TestUser } from '../support/accounts';
import { apiSpec, expectNewEvents, expectResponse } from '../support/api-spec';
import { createPost, questionBody, searchRequest } from '../support/posts';
import { startTestApp, type TestApp } from '../support/test-app';

const INDEX = '<!doctype html><html lang="en"><head><title>DevCommunity</title></head><body><div id="root"></div></body></html>';

/**
 * Issue 25: a question being written is a draft (`isPublished: false`) until 'Post Your Question':
 * only its author and admins see it, on every read path; absent `isPublished` still posts at once.
 */
describe('question drafts', () => {
  let site: TestApp;
  let author: TestUser;
  let reader: TestUser;
  let admin: TestUser;
  let draftId: number;
  const title = 'Zanzibar half-written question';

  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'devcommunity-dist-'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    site = await startTestApp({ env: { WEB_DIST_DIR: dist } });
    author = await signUp(site, 'Quinn Drafter');
    reader = await signUp(site, 'Rita Reader');
    admin = await makeAdmin(site, await signUp(site, 'Root Admin'));
    draftId = await createPost(site, 'Question', author, questionBody({ title, isPublished: false }));
  });
  afterAll(() => site.dispose());

  const as = (user: TestUser | null) => (user ? bearer(user) : {});
  const getQuestion = (user: TestUser | null, id = draftId) => site.http().get(`/api/Question/${id}`).set(as(user));
  const homeIds = async () =>
    ((await site.http().get('/api/Home/').expect(200)).body.result.questions as { id: number }[]).map((question) => question.id);
  const searchIds = async (path: string, user: TestUser | null, overrides: Partial<SearchRequestInput> = {}) =>
    ((await site.http().post(path).set(as(user)).send(searchRequest(overrides)).expect(200)).body.result as GridPostItem[]).map(
      (item) => item.id,
    );
  const publish = (id: number) =>
    site
      .http()
      .put('/api/Question')
      .set(bearer(author))
      .send(questionBody({ id, title, isPublished: true }))
      .expect(200);

  it('records the ask as a draft: QuestionAsked says isPublished false', async () => {
    const { defaultImageId: _defaultImageId, ...fields } = questionBody();
    await apiSpec(site)
      .given()
      .when((http) =>
        http
          .post('/api/Question')
          .set(bearer(author))
          .send(questionBody({ isPublished: false })),
      )
      .then([
        expectResponse(200),
        expectNewEvents(
          (response) => questionStreamName(response.body.result as number),
          [
            {
              type: 'QuestionAsked',
              data: {
                ...fields,
                id: expect.any(Number),
                authorId: author.accountId,
                isApproved: true,
                isPublished: false,
                at: expect.any(String),
              },
            },
          ],
        ),
      ]);
  });

  it('is read by its author and admins (marked as a draft), and not found for anyone else', async () => {
    expect((await getQuestion(author).expect(200)).body.result).toMatchObject({ id: draftId, title, isPublished: false });
    expect((await getQuestion(admin).expect(200)).body.result).toMatchObject({ id: draftId, isPublished: false });
    expect((await getQuestion(reader).expect(404)).body.errorMessage).toBe('Question not found.');
    expect((await getQuestion(null).expect(404)).body.errorMessage).toBe('Question not found.');
  });

  it('is not on home, in public search or in feeds and sitemap; the author finds it in their own posts, admins in theirs', async () => {
    expect(await homeIds()).not.toContain(draftId);
    expect(await searchIds('/api/Search', null)).not.toContain(draftId);
    expect(await searchIds('/api/Search', reader)).not.toContain(draftId);
    expect(await searchIds('/api/Search/UserPosts', author)).toContain(draftId);
    expect(await searchIds('/api/Search/ByAdmin', admin)).toContain(draftId);
    expect((await site.http().get('/feed').expect(200)).text).not.toContain(title);
    expect((await site.http().get(`/feed/${author.userName}`).expect(200)).text).not.toContain(title);
    expect((await site.http().get('/sitemap.xml').expect(200)).text).not.toContain(`/question/${draftId}`);
  });

  it("has no page head nor card for anyone: the crawler's page is a 404 that tells nothing", async () => {
    const html = (await site.http().get(`/question/${draftId}`).redirects(0).expect(404)).text;
    expect(html).not.toContain(title);
    await site.http().get(`/card/question/${draftId}.png`).expect(404);
  });

  it('takes no comments or likes from others, and lists none to them', async () => {
    const comment = { content: '<p>Early</p>', questionID: draftId, uName: reader.userName, attachedFiles: [], parentId: -1 };
    await site.http().post('/api/QuestionComment').set(bearer(reader)).send(comment).expect(404);
    await site.http().get(`/api/Question/Comments/${draftId}/-1/20/true`).expect(404);
    await site.http().put('/api/Question/Like').set(bearer(reader)).send({ id: draftId, isLiked: true }).expect(404);
    await site.http().get(`/api/Question/Likes/Users/${draftId}`).expect(404);
  });

  it("goes public with 'Post Your Question' (isPublished true) on every path, and back to a draft when unpublished", async () => {
    const id = await createPost(site, 'Question', author, questionBody({ title, isPublished: false }));
    await publish(id);
    expect((await getQuestion(null, id).expect(200)).body.result).not.toHaveProperty('isPublished');
    expect(await homeIds()).toContain(id);
    expect(await searchIds('/api/Search', null)).toContain(id);
    expect((await site.http().get('/sitemap.xml').expect(200)).text).toContain(`/question/${id}`);
    await site.http().put('/api/Question/Like').set(bearer(reader)).send({ id, isLiked: true }).expect(200);
    await site
      .http()
      .put('/api/Question')
      .set(bearer(author))
      .send(questionBody({ id, title, isPublished: false }))
      .expect(200);
    await getQuestion(reader, id).expect(404);
    expect(await homeIds()).not.toContain(id);
    expect(await searchIds('/api/Search', null)).not.toContain(id);
  });

  it('still posts a question at once when the payload says nothing of isPublished (the SPEC client)', async () => {
    const id = await createPost(site, 'Question', author, questionBody({ title: 'Posted the old way' }));
    await getQuestion(null, id).expect(200);
    expect(await homeIds()).toContain(id);
  });
});
