import { EMAIL_NOT_CONFIRMED, TOO_MANY_LINKS } from '@app/contracts';
import { bearer, signUp, type TestUser } from '../support/accounts';
import { linkIn, waitForMailTo } from '../support/mailbox';
import { articleBody, createPost, questionBody } from '../support/posts';
import { startTestApp, type TestApp } from '../support/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;
const links = (count: number) =>
  `<p>${Array.from({ length: count }, (_, index) => `<a href="https://example.com/${index}">link ${index}</a>`).join(' ')}</p>`;

/** Issue 27's spam defaults: REQUIRE_CONFIRMED_EMAIL=on, and at most 3 links a post or comment in an account's first day. */
describe('spam defaults', () => {
  let site: TestApp;
  let author: TestUser;
  let articleId: number;
  // The comment limit and an account's age count on the site's clock.
  let clockMs = Date.now();
  const clock = () => new Date(clockMs);

  const confirm = async (user: TestUser) => {
    const { url: _url, path: _path, ...fields } = linkIn(await waitForMailTo(site.dataDir, user.email, { subject: /confirm/i }));
    await site.http().post('/api/Account/ConfirmEmail').send(fields).expect(200);
  };
  const comment = (user: TestUser, content: string) => {
    clockMs += 31_000;
    return site.http().post('/api/ArticleComment').set(bearer(user)).send({ content, articleID: articleId });
  };

  beforeAll(async () => {
    site = await startTestApp({ clock, env: { REQUIRE_CONFIRMED_EMAIL: 'on' } });
    author = await signUp(site, 'Confirmed Carla');
    await confirm(author);
    articleId = await createPost(site, 'Article', author, articleBody({ isPublished: true }));
  });
  afterAll(() => site.dispose());

  describe('REQUIRE_CONFIRMED_EMAIL=on', () => {
    let unconfirmed: TestUser;
    beforeAll(async () => {
      unconfirmed = await signUp(site, 'Unconfirmed Uma');
    });

    it('holds publishing, commenting, liking and flagging until the e-mail is confirmed, with a clear 403; drafts may still be saved', async () => {
      const refusals = [
        await site
          .http()
          .post('/api/Article')
          .set(bearer(unconfirmed))
          .send(articleBody({ isPublished: true })),
        // A question is posted when created.
        await site.http().post('/api/Question').set(bearer(unconfirmed)).send(questionBody()),
        await comment(unconfirmed, '<p>First!</p>'),
        await site.http().put('/api/Article/Like').set(bearer(unconfirmed)).send({ id: articleId, isLiked: true }),
        await site.http().post('/api/Flag').set(bearer(unconfirmed)).send({ entityType: 1, id: articleId, reason: 'spam' }),
      ];
      for (const refused of refusals) {
        expect(refused.status).toBe(403);
        expect(refused.body).toMatchObject({ success: false, errorMessage: EMAIL_NOT_CONFIRMED });
      }
      const draftId = await createPost(site, 'Article', unconfirmed, articleBody({ isPublished: false }));
      const publish = await site
        .http()
        .put('/api/Article')
        .set(bearer(unconfirmed))
        .send({ ...articleBody({ isPublished: true }), id: draftId });
      expect(publish.status).toBe(403);
      // The resend route answers as ever.
      await site.http().post('/api/Account/SendConfirmEmailLink').send({ Email: unconfirmed.email }).expect(200);
    });

    it('lets them publish, comment and like once confirmed', async () => {
      await confirm(unconfirmed);
      await site
        .http()
        .post('/api/Article')
        .set(bearer(unconfirmed))
        .send(articleBody({ isPublished: true }))
        .expect(200);
      await comment(unconfirmed, '<p>Now I may.</p>').expect(200);
      await site.http().put('/api/Article/Like').set(bearer(unconfirmed)).send({ id: articleId, isLiked: true }).expect(200);
    });
  });

  describe('links of new accounts', () => {
    it('refuses more than 3 links in a post or comment during the first day, with a message; 3 are fine; a day later, more are', async () => {
      const newcomer = await signUp(site, 'Newcomer Ned');
      await confirm(newcomer);
      const tooMany = await site
        .http()
        .post('/api/Article')
        .set(bearer(newcomer))
        .send(articleBody({ content: links(4) }));
      expect(tooMany.status).toBe(400);
      expect(tooMany.body).toMatchObject({ success: false, errorMessage: TOO_MANY_LINKS });
      const postId = await createPost(site, 'Article', newcomer, articleBody({ content: links(3) }));
      expect(
        (
          await site
            .http()
            .put('/api/Article')
            .set(bearer(newcomer))
            .send(articleBody({ id: postId, content: links(5) }))
        ).status,
      ).toBe(400);
      expect((await comment(newcomer, links(4)).expect(400)).body.errorMessage).toBe(TOO_MANY_LINKS);
      await comment(newcomer, links(3)).expect(200);

      clockMs += DAY_MS;
      // A session without 'remember me' does not last a day: log in again.
      const login = await site
        .http()
        .post('/api/Account/Login')
        .send({ Email: newcomer.email, Password: newcomer.password, RememberMe: false })
        .expect(200);
      newcomer.token = login.body.result.token as string;
      await createPost(site, 'Article', newcomer, articleBody({ content: links(6) }));
      await comment(newcomer, links(6)).expect(200);
    });
  });
});
