import { POST_MESSAGES } from '@app/contracts';
import { articleStreamName, createPostIdGenerator, type ArticleEvent } from '@app/domain';
import type { EventStore } from '@app/event-store';
import { HOME_COLLECTION, MODERATION_LOG_COLLECTION, POST_VIEW_COLLECTION, ProjectionRunner, rebuildProjection } from '@app/projections';
import type { ReadStore } from '@app/read-store';
import { EVENT_STORE, READ_STORE } from '@app/api';
import { bearer, signUp, type TestUser } from '../support/accounts';
import { apiSpec, existingStream, expectNewEvents, expectResponse } from '../support/api-spec';
import { articleBody, articleDrafted, createPost, documentsOf } from '../support/posts';
import { NEW_POST_READS } from '../support/new-post-reads';
import { postRoutes, startPostSite, startPreModeratedSite, useStartedSite } from '../support/post-routes';
import { startTestApp, type TestApp } from '../support/test-app';

/** SPEC §7 'Articles and questions', the article calls, over HTTP in embedded mode. */
describe('articles', () => {
  const cast = useStartedSite(() => startPostSite('Ada Author'));

  const { get: getArticle, put: putArticle, approve, remove, homeIds: homeArticleIds } = postRoutes(() => cast.site, 'Article');
  const draft = (overrides: Record<string, unknown> = {}, user = cast.owner) =>
    createPost(cast.site, 'Article', user, articleBody(overrides));
  const publish = (id: number, overrides: Record<string, unknown> = {}) =>
    putArticle(articleBody({ id, isPublished: true, ...overrides }), cast.owner).expect(200);
  // Posts that exist only as given events get ids minted as the site mints them (newest first on home).
  const nextGivenId = createPostIdGenerator();
  const published: ArticleEvent = { type: 'ArticlePublished', data: { at: '2026-01-02T10:00:00.000Z' } };

  describe('POST /api/Article', () => {
    it('creates a draft and returns its id; only the owner and admins see the draft', async () => {
      const response = await cast.site.http().post('/api/Article').set(bearer(cast.owner)).send(articleBody()).expect(200);
      expect(response.body).toEqual({ success: true, result: expect.any(Number), errorMessage: null, timeStamp: expect.any(String) });
      const id = response.body.result as number;
      expect(Number.isSafeInteger(id) && id > 0).toBe(true);

      const record = (await getArticle(id, cast.owner).expect(200)).body.result;
      const { isPublished: _isPublished, defaultImageId: _defaultImageId, ...fields } = articleBody();
      expect(record).toEqual({
        id,
        ...fields,
        category: 'C#',
        isPublished: false,
        isApproved: true,
        defaultImageId: -1,
        uName: cast.owner.userName,
        name: 'Ada Author',
        ...NEW_POST_READS,
      });
      expect(Date.parse(record.createdOn)).not.toBeNaN();
      expect((await getArticle(id, cast.admin).expect(200)).body.result.id).toBe(id);
      expect((await getArticle(id).expect(404)).body).toMatchObject({ success: false, errorMessage: 'Article not found.' });
      await getArticle(id, cast.other).expect(404);
      expect(await homeArticleIds()).not.toContain(id);
    });

    it('mints increasing ids', async () => {
      const first = await draft();
      const second = await draft();
      expect(second).toBeGreaterThan(first);
    });

    it('creates and publishes in one call', async () => {
      const id = await draft({ isPublished: true });
      expect((await getArticle(id).expect(200)).body.result).toMatchObject({ id, isPublished: true, name: 'Ada Author' });
      expect(await homeArticleIds()).toContain(id);
    });

    it('refuses anonymous callers', async () => {
      const response = await cast.site.http().post('/api/Article').send(articleBody()).expect(401);
      expect(response.body).toMatchObject({ success: false, errorMessage: expect.any(String) });
    });

    it('validates the fields with the messages of the spec', async () => {
      const post = (body: object) => cast.site.http().post('/api/Article').set(bearer(cast.owner)).send(body).expect(400);
      const empty = (await post({})).body;
      expect(empty).toMatchObject({ success: false, result: null });
      expect(empty.errorMessage.split('\n')).toEqual(
        expect.arrayContaining([
          POST_MESSAGES.titleRequired,
          POST_MESSAGES.descriptionRequired,
          POST_MESSAGES.categoryRequired,
          POST_MESSAGES.tagsRequired,
          POST_MESSAGES.contentRequired,
        ]),
      );
      const cases: [Record<string, unknown>, string][] = [
        [{ title: '' }, POST_MESSAGES.titleRequired],
        [{ title: 'x'.repeat(201) }, POST_MESSAGES.titleTooLong],
        [{ description: ' ' }, POST_MESSAGES.descriptionRequired],
        [{ description: 'x'.repeat(201) }, POST_MESSAGES.descriptionTooLong],
        [{ categoryId: undefined }, POST_MESSAGES.categoryRequired],
        [{ tags: [] }, POST_MESSAGES.tagsRequired],
        [{ tags: [{ id: 999_999, subTag: 'made-up' }] }, POST_MESSAGES.tagInvalid],
        [{ content: '<p></p>' }, POST_MESSAGES.contentRequired],
        [{ source: 'x'.repeat(501) }, POST_MESSAGES.sourceTooLong],
        [{ instructions: 'x'.repeat(501) }, POST_MESSAGES.instructionsTooLong],
        [{ defaultImageId: 0 }, POST_MESSAGES.defaultImageInvalid],
      ];
      for (const [overrides, message] of cases) {
        expect((await post(articleBody(overrides))).body.errorMessage).toBe(message);
      }
    });

    it('stores the tag names of the master data, whatever names the client sends', async () => {
      const id = await draft({ tags: [{ id: 1, subTag: 'not-csharp' }] });
      expect((await getArticle(id, cast.owner).expect(200)).body.result.tags).toEqual([{ id: 1, subTag: 'csharp' }]);
    });

    it('refuses content that is empty once sanitized', async () => {
      const response = await cast.site
        .http()
        .post('/api/Article')
        .set(bearer(cast.owner))
        .send(articleBody({ content: '<script>alert(1)</script><p> </p>' }))
        .expect(400);
      expect(response.body.errorMessage).toMatch(/content/i);
    });

    it('sanitizes the content: scripts, event handlers and javascript: links are gone', async () => {
      const content =
        '<p style="text-align: center">Hi<script>alert(1)</script></p>' +
        '<figure><img src="https://example.com/a.png" onerror="alert(2)" alt="A"><figcaption>A</figcaption></figure>' +
        '<p><a href="javascript:alert(3)">bad</a> <a href="https://example.com" onclick="alert(4)">good</a></p>';
      const id = await draft({ content, isPublished: true });
      const saved = (await getArticle(id).expect(200)).body.result.content as string;
      expect(saved).not.toMatch(/<script|onerror|onclick|javascript:|alert\(/i);
      expect(saved).toContain('<img src="https://example.com/a.png" alt="A" />');
      expect(saved).toContain('<figcaption>A</figcaption>');
      expect(saved).toContain('text-align:center');
      expect(saved).toContain('<a href="https://example.com">good</a>');
    });
  });

  describe('GET /api/Article/:id', () => {
    it('answers 400 for an id that is not a number and 404 for an unknown one', async () => {
      expect((await getArticle('abc').expect(400)).body).toMatchObject({ success: false, errorMessage: 'Article id must be a number.' });
      expect((await getArticle(987654321).expect(404)).body.errorMessage).toBe('Article not found.');
    });
  });

  describe('PUT /api/Article', () => {
    it('lets the owner edit and publish, and home shows it as soon as the call returns', async () => {
      const id = await draft();
      const response = await publish(id, { title: 'Generics, revisited' });
      expect(response.body.result).toBe(true);
      expect(await homeArticleIds()).toContain(id);
      const home = (await cast.site.http().get('/api/Home/').expect(200)).body.result.articles.find((a: { id: number }) => a.id === id);
      expect(home).toMatchObject({ title: 'Generics, revisited', uName: cast.owner.userName, name: 'Ada Author', entityType: 1 });
      const record = (await getArticle(id).expect(200)).body.result;
      expect(record).toMatchObject({ title: 'Generics, revisited', isPublished: true, updatedOn: expect.any(String) });
    });

    it('unpublishes: the article is a draft again for the public', async () => {
      const id = await draft({ isPublished: true });
      await putArticle(articleBody({ id, isPublished: false }), cast.owner).expect(200);
      await getArticle(id).expect(404);
      expect(await homeArticleIds()).not.toContain(id);
      expect((await getArticle(id, cast.owner).expect(200)).body.result.isPublished).toBe(false);
    });

    it('keeps the permission matrix: anonymous 401, other user 403 (404 on a draft they cannot see), owner and admin allowed', async () => {
      const id = await draft();
      await putArticle(articleBody({ id, title: 'Anonymous' }), null).expect(401);
      expect((await putArticle(articleBody({ id, title: 'Other' }), cast.other).expect(404)).body.errorMessage).toBe('Article not found.');
      const published = await draft({ isPublished: true });
      expect((await putArticle(articleBody({ id: published, title: 'Other' }), cast.other).expect(403)).body.success).toBe(false);
      await putArticle(articleBody({ id, title: 'By owner' }), cast.owner).expect(200);
      expect((await putArticle(articleBody({ id, title: 'By admin' }), cast.admin).expect(200)).body.result).toBe(true);
      const record = (await getArticle(id, cast.owner).expect(200)).body.result;
      expect(record).toMatchObject({ title: 'By admin', uName: cast.owner.userName });
    });

    it('needs the id of an existing article', async () => {
      expect((await putArticle(articleBody(), cast.owner).expect(400)).body.errorMessage).toBe('- Id is required');
      expect((await putArticle(articleBody({ id: 424242 }), cast.owner).expect(404)).body.errorMessage).toBe('Article not found.');
    });

    it('chooses and clears the default image', async () => {
      const id = await draft();
      await putArticle(articleBody({ id, defaultImageId: 77 }), cast.owner).expect(200);
      expect((await getArticle(id, cast.owner).expect(200)).body.result.defaultImageId).toBe(77);
      await putArticle(articleBody({ id, defaultImageId: -1 }), cast.owner).expect(200);
      expect((await getArticle(id, cast.owner).expect(200)).body.result.defaultImageId).toBe(-1);
    });
  });

  describe('PUT /api/Article/Approve', () => {
    it('is for admins only: anonymous 401, other user and owner 403', async () => {
      const id = await draft({ isPublished: true });
      await approve(id, false, null).expect(401);
      await approve(id, false, cast.other).expect(403);
      await approve(id, false, cast.owner).expect(403);
      await getArticle(id).expect(200);
    });

    it('hides an unapproved article from the public and home, not from its owner and admins', async () => {
      const id = nextGivenId();
      await apiSpec(cast.site)
        .given(existingStream(articleStreamName(id), [articleDrafted(id, cast.owner.accountId), published]))
        .when(() => approve(id, false, cast.admin))
        .then([
          expectResponse(200, { success: true, result: true }),
          expectNewEvents(articleStreamName(id), [{ type: 'ArticleUnapproved', data: { at: expect.any(String) } }]),
        ]);
      await getArticle(id).expect(404);
      await getArticle(id, cast.other).expect(404);
      expect((await getArticle(id, cast.owner).expect(200)).body.result.isApproved).toBe(false);
      await getArticle(id, cast.admin).expect(200);
      expect(await homeArticleIds()).not.toContain(id);

      await approve(id, true, cast.admin).expect(200);
      expect((await getArticle(id).expect(200)).body.result.isApproved).toBe(true);
      expect(await homeArticleIds()).toContain(id);
    });

    it('validates the request and answers 404 for an unknown article', async () => {
      await cast.site.http().put('/api/Article/Approve').set(bearer(cast.admin)).send({ id: 'x', isApproved: true }).expect(400);
      await cast.site.http().put('/api/Article/Approve').set(bearer(cast.admin)).send({ id: 1 }).expect(400);
      expect((await approve(5555, true, cast.admin).expect(404)).body.errorMessage).toBe('Article not found.');
    });
  });

  describe('DELETE /api/Article/:id', () => {
    it('keeps the permission matrix: anonymous 401, other user 403, owner allowed', async () => {
      const id = await draft({ isPublished: true });
      await remove(id, null).expect(401);
      await remove(id, cast.other).expect(403);
      expect((await remove(id, cast.owner).expect(200)).body.result).toBe(true);
    });

    it('lets an admin delete any article; a deleted article is 404 for everyone and for every command', async () => {
      const id = nextGivenId();
      await apiSpec(cast.site)
        .given(existingStream(articleStreamName(id), [articleDrafted(id, cast.owner.accountId), published]))
        .when(async () => {
          expect(await homeArticleIds()).toContain(id);
          return remove(id, cast.admin);
        })
        .then([
          expectResponse(200, { success: true, result: true }),
          expectNewEvents(articleStreamName(id), [{ type: 'ArticleDeleted', data: { at: expect.any(String) } }]),
        ]);
      for (const viewer of [null, cast.other, cast.owner, cast.admin]) await getArticle(id, viewer).expect(404);
      expect(await homeArticleIds()).not.toContain(id);
      await putArticle(articleBody({ id }), cast.owner).expect(404);
      await approve(id, true, cast.admin).expect(404);
      await remove(id, cast.owner).expect(404);
    });

    it('answers 400 for an id that is not a number', async () => {
      expect((await remove(Number.NaN, cast.owner).expect(400)).body.errorMessage).toBe('Article id must be a number.');
    });
  });

  describe('durability', () => {
    it('keeps every article across a restart', async () => {
      const published = await draft({ isPublished: true, title: 'Survives restarts' });
      const drafted = await draft({ title: 'Draft survives too' });
      const before = {
        published: (await getArticle(published).expect(200)).body.result,
        drafted: (await getArticle(drafted, cast.owner).expect(200)).body.result,
        home: (await cast.site.http().get('/api/Home/').expect(200)).body.result,
      };
      await cast.site.close();
      cast.site = await startTestApp({ dataDir: cast.site.dataDir });
      expect((await getArticle(published).expect(200)).body.result).toEqual(before.published);
      expect((await getArticle(drafted, cast.owner).expect(200)).body.result).toEqual(before.drafted);
      expect((await cast.site.http().get('/api/Home/').expect(200)).body.result).toEqual(before.home);
    });

    it('rebuilds home, post views and the moderation log from zero into the same documents as the live ones', async () => {
      const id = await draft();
      await publish(id, { title: 'Rebuilt', defaultImageId: 12 });
      await approve(id, false, cast.admin).expect(200);
      await approve(id, true, cast.admin).expect(200);
      await remove(await draft({ isPublished: true }), cast.owner).expect(200);
      await createPost(cast.site, 'Question', cast.other, {
        title: 'Rebuild?',
        categoryId: 3,
        tags: [{ id: 1, subTag: 'csharp' }],
        content: '<p>Q</p>',
        defaultImageId: -1,
      });

      const collections = [HOME_COLLECTION, POST_VIEW_COLLECTION, MODERATION_LOG_COLLECTION];
      const live = await Promise.all(collections.map((collection) => documentsOf(cast.site, collection)));
      expect(live[1].length).toBeGreaterThan(5);
      const eventStore = cast.site.app.get<EventStore>(EVENT_STORE);
      const readStore = cast.site.app.get<ReadStore>(READ_STORE);
      const projections = cast.site.app.get(ProjectionRunner).projections;
      for (const name of ['home', 'post-view', 'moderation-log']) {
        await rebuildProjection(
          eventStore,
          readStore,
          projections.find((projection) => projection.name === name)!,
        );
      }
      expect(await Promise.all(collections.map((collection) => documentsOf(cast.site, collection)))).toEqual(live);
    });
  });

  it("shows each of many articles posted at once right after its own answer: its view, home and the author's posts", async () => {
    const authors = await Promise.all(Array.from({ length: 6 }, (_, index) => signUp(cast.site, `Burst Author ${index}`)));
    const ownPosts = {
      searchString: 'Burst',
      uName: '',
      categoryId: -1,
      entityType: 100,
      orderByAsc: false,
      Tags: [],
      pager: { lastFetchedQuestionId: Number.MAX_SAFE_INTEGER, lastFetchedArticleId: Number.MAX_SAFE_INTEGER, pageSize: 20 },
    };
    const seen = await Promise.all(
      Array.from({ length: 16 }, async (_, index) => {
        const author = authors[index % authors.length];
        const id = await draft({ title: `Burst ${index}`, isPublished: true }, author);
        const [view, home, own] = await Promise.all([
          getArticle(id),
          cast.site.http().get('/api/Home/'),
          cast.site.http().post('/api/Search/UserPosts').set(bearer(author)).send(ownPosts),
        ]);
        return {
          view: view.status,
          onHome: (home.body.result.articles as { id: number }[]).some((article) => article.id === id),
          inOwnPosts: (own.body.result as { id: number }[]).some((item) => item.id === id),
        };
      }),
    );
    expect(seen).toEqual(Array.from({ length: 16 }, () => ({ view: 200, onHome: true, inOwnPosts: true })));
  });
});

describe('articles under pre-moderation (MODERATION=pre)', () => {
  const cast = useStartedSite(startPreModeratedSite);

  it('keeps a published article from the public until an admin approves it', async () => {
    const id = await createPost(cast.site, 'Article', cast.owner, articleBody({ isPublished: true }));
    await cast.site.http().get(`/api/Article/${id}`).expect(404);
    const own = (await cast.site.http().get(`/api/Article/${id}`).set(bearer(cast.owner)).expect(200)).body.result;
    expect(own).toMatchObject({ isPublished: true, isApproved: false });
    const home = (await cast.site.http().get('/api/Home/').expect(200)).body.result;
    expect(home.articles.map((a: { id: number }) => a.id)).not.toContain(id);

    await cast.site.http().put('/api/Article/Approve').set(bearer(cast.admin)).send({ id, isApproved: true }).expect(200);
    expect((await cast.site.http().get(`/api/Article/${id}`).expect(200)).body.result.isApproved).toBe(true);
    const after = (await cast.site.http().get('/api/Home/').expect(200)).body.result;
    expect(after.articles.map((a: { id: number }) => a.id)).toContain(id);
  });
});

describe('articles at a fixed time (the clock is injected)', () => {
  const now = new Date('2026-03-01T09:30:00.000Z');
  let site: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    site = await startTestApp({ clock: () => now });
    owner = await signUp(site, 'Tim Time');
  });
  afterAll(() => site.dispose());

  it('records the time of the command in the event and shows it as createdOn', async () => {
    const { isPublished: _isPublished, defaultImageId: _defaultImageId, ...fields } = articleBody();
    const response = await apiSpec(site)
      .given()
      .when((http) => http.post('/api/Article').set(bearer(owner)).send(articleBody()))
      .then([
        expectResponse(200, { success: true, result: expect.any(Number) }),
        expectNewEvents(
          (created) => articleStreamName(created.body.result as number),
          [
            {
              type: 'ArticleDrafted',
              data: { ...fields, id: expect.any(Number), authorId: owner.accountId, isApproved: true, at: now.toISOString() },
            },
          ],
        ),
      ]);
    const id = response.body.result as number;
    const record = (await site.http().get(`/api/Article/${id}`).set(bearer(owner)).expect(200)).body.result;
    expect(record).toMatchObject({ id, createdOn: now.toISOString(), updatedOn: null });
  });
});
