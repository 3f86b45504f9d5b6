import { NOTIFICATION_KIND_NAMES, type EmailPreferences } from '@app/contracts';
import { signUnsubscribeLink } from '@app/domain';
import type { AppConfig } from '@app/config';
import type { ReadStore } from '@app/read-store';
import { CapturingSmtpServer, type CapturedMail } from '@app/testing';
import { APP_CONFIG, READ_STORE } from '@app/api';
import { bearer, makeAdmin, signUp, type TestUser } from '../support/accounts';
import { mailSettled } from '../support/mail-settled';
import { articleBody, createPost, questionBody } from '../support/posts';
import { startTestApp, type TestApp } from '../support/test-app';

/** E-mail preferences per notification kind, honoured as they stood, with one-click unsubscribe per kind (issue 26). */
describe('e-mail preferences per notification kind', () => {
  let smtp: CapturingSmtpServer;
  let site: TestApp;
  let ada: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    smtp = await new CapturingSmtpServer().start();
    site = await startTestApp({ env: { SMTP_URL: smtp.url, RATE_LIMITS: 'off' } });
    ada = await signUp(site, 'Ada Author');
    bob = await signUp(site, 'Bob Commenter');
  });
  afterAll(async () => {
    await site?.dispose();
    await smtp?.stop();
  });

  const mailsTo = (user: TestUser, subject: RegExp) =>
    smtp.messages.filter((message) => message.envelopeTo.includes(user.email) && subject.test(message.parsed.subject ?? ''));
  const headerOf = (mail: CapturedMail, name: string) =>
    mail.parsed.headerLines
      .find((line) => line.key === name.toLowerCase())
      ?.line.replace(/^[^:]+:\s*/, '')
      .replace(/\r?\n\s+/g, '') ?? '';
  const preferences = async (user: TestUser) =>
    (await site.http().get('/api/Account/EmailPreferences').set(bearer(user)).expect(200)).body.result as EmailPreferences;
  const setPreference = (user: TestUser, kind: string, enabled: boolean) =>
    site.http().put('/api/Account/EmailPreferences').set(bearer(user)).send({ kind, enabled });
  const comment = (user: TestUser, articleID: number, content = '<p>Nice one</p>') =>
    site.http().post('/api/ArticleComment').set(bearer(user)).send({ content, articleID, parentId: -1, attachedFiles: [] }).expect(200);
  const follow = (user: TestUser, userName: string, isFollowing: boolean) =>
    site.http().put('/api/Follow/User').set(bearer(user)).send({ userName, isFollowing }).expect(200);

  it('mails comments and replies by default, nothing else; one kind at a time can change', async () => {
    await site.http().get('/api/Account/EmailPreferences').expect(401);
    const mailedByDefault = new Set(['comment', 'reply']);
    expect(await preferences(ada)).toEqual(Object.fromEntries(NOTIFICATION_KIND_NAMES.map((kind) => [kind, mailedByDefault.has(kind)])));
    expect((await setPreference(ada, 'mention', true).expect(200)).body.result).toMatchObject({ comment: true, mention: true });
    expect((await setPreference(ada, 'mention', false).expect(200)).body.result).toMatchObject({ mention: false });
    expect((await setPreference(ada, 'gossip', true).expect(400)).body).toMatchObject({
      success: false,
      errorMessage: expect.stringContaining('kind'),
    });
    expect((await setPreference(ada, 'comment', 'yes' as unknown as boolean).expect(400)).body).toMatchObject({ success: false });
  });

  it('mails me a comment on my post; after one-click unsubscribe (no login) it does not', async () => {
    const articleId = await createPost(site, 'Article', ada, articleBody({ isPublished: true, title: 'Quiet please' }));
    await comment(bob, articleId);
    await mailSettled(site);
    const [mail] = mailsTo(ada, /New comment/);
    expect(mail.parsed.text).toContain('Bob Commenter commented on your article "Quiet please".');
    expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const link = new URL(/<([^>]+)>/.exec(headerOf(mail, 'List-Unsubscribe'))![1]);
    expect(Object.fromEntries(link.searchParams)).toEqual({ uname: ada.accountId, kind: 'comment', hash: expect.any(String) });

    // A link for one kind is no link for another.
    const forged = new URLSearchParams(link.search);
    forged.set('kind', 'reply');
    await site.http().post(`${link.pathname}?${forged.toString()}`).expect(400);
    // RFC 8058: the mail client POSTs `List-Unsubscribe=One-Click` to the link, with no cookie nor token.
    await site.http().post(`${link.pathname}${link.search}`).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect(await preferences(ada)).toMatchObject({ comment: false, reply: true });

    await comment(bob, articleId);
    await mailSettled(site);
    expect(mailsTo(ada, /New comment/)).toHaveLength(1);
  });

  it('keeps honouring the links mailed before kinds: they stop comments and replies', async () => {
    const carl = await signUp(site, 'Carl Legacy');
    const hash = signUnsubscribeLink(carl.accountId, site.app.get<AppConfig>(APP_CONFIG).credentialLinkSecret);
    await site
      .http()
      .post(`/api/Account/Unsubscribe?${new URLSearchParams({ uname: carl.accountId, hash }).toString()}`)
      .expect(200);
    expect(await preferences(carl)).toMatchObject({ comment: false, reply: false });
  });

  it('does not mail a kind off by default (a new follower); mails it once turned on, with that kind’s own unsubscribe link', async () => {
    await follow(bob, ada.userName, true);
    await mailSettled(site);
    expect(mailsTo(ada, /following you/)).toEqual([]);

    await setPreference(ada, 'follow', true).expect(200);
    await follow(bob, ada.userName, false);
    await follow(bob, ada.userName, true);
    await mailSettled(site);
    const [mail, ...more] = mailsTo(ada, /following you/);
    expect(more).toEqual([]);
    expect(mail.parsed.subject).toBe('Bob Commenter is now following you');
    expect(mail.parsed.text).toContain(`http://localhost:3000/profile/${bob.userName}`);
    expect(new URL(/<([^>]+)>/.exec(headerOf(mail, 'List-Unsubscribe'))![1]).searchParams.get('kind')).toBe('follow');
  });

  it('mails a mention to whoever turned mention e-mails on', async () => {
    const dora = await signUp(site, 'Dora Mentioned');
    const articleId = await createPost(site, 'Article', ada, articleBody({ isPublished: true, title: 'Credits' }));
    await comment(bob, articleId, `<p>Thanks @${dora.userName}</p>`);
    await mailSettled(site);
    expect(mailsTo(dora, /mentioned you/)).toEqual([]);
    await setPreference(dora, 'mention', true).expect(200);
    await comment(bob, articleId, `<p>Again, @${dora.userName}</p>`);
    await mailSettled(site);
    expect(mailsTo(dora, /mentioned you/).map((mail) => mail.parsed.subject)).toEqual(['Bob Commenter mentioned you on "Credits"']);
  });

  describe('of likes and of new posts by whom and what one follows (off by default)', () => {
    const like = (user: TestUser, id: number) =>
      site.http().put('/api/Article/Like').set(bearer(user)).send({ id, isLiked: true }).expect(200);
    const unsubscribeLinkOf = (mail: CapturedMail) => new URL(/<([^>]+)>/.exec(headerOf(mail, 'List-Unsubscribe'))![1]);

    it('mails a like of my post once I turned likes on, one a day per post, then stops at its one-click unsubscribe', async () => {
      const [eve, fay, gus] = [await signUp(site, 'Eve Writer'), await signUp(site, 'Fay Fan'), await signUp(site, 'Gus Fan')];
      const quiet = await createPost(site, 'Article', eve, articleBody({ isPublished: true, title: 'Liked quietly' }));
      await like(fay, quiet);
      await mailSettled(site);
      expect(mailsTo(eve, /liked your/)).toEqual([]);

      await setPreference(eve, 'like', true).expect(200);
      const loud = await createPost(site, 'Article', eve, articleBody({ isPublished: true, title: 'Liked loudly' }));
      await like(fay, loud);
      await like(gus, loud);
      await mailSettled(site);
      const [mail, ...more] = mailsTo(eve, /liked your/);
      expect(more).toEqual([]);
      expect(mail.parsed.subject).toBe('Fay Fan liked your article "Liked loudly"');
      expect(mail.parsed.text).toContain(`http://localhost:3000/article/${loud}`);
      expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      const link = unsubscribeLinkOf(mail);
      expect(link.searchParams.get('kind')).toBe('like');

      // Opening the link shows what it stops; the mail client's one-click POST stops it.
      const page = await site.http().get(`${link.pathname}${link.search}`).expect(200);
      expect(page.text).toContain('Stop e-mails about likes of your posts and comments?');
      await site.http().post(`${link.pathname}${link.search}`).type('form').send('List-Unsubscribe=One-Click').expect(200);
      expect(await preferences(eve)).toMatchObject({ like: false, comment: true });
      await like(await signUp(site, 'Hal Fan'), quiet);
      await mailSettled(site);
      expect(mailsTo(eve, /liked your/)).toHaveLength(1);
    });

    it('mails a new post of a person or tag I follow once I turned post mails on: once, visible posts only, not my own', async () => {
      const [ivy, jon] = [await signUp(site, 'Ivy Poster'), await signUp(site, 'Jon Follower')];
      await follow(jon, ivy.userName, true);
      await site.http().put('/api/Follow/Tag').set(bearer(jon)).send({ tagId: 1, isFollowing: true }).expect(200);
      await createPost(site, 'Article', ivy, articleBody({ isPublished: true, title: 'Before the switch' }));
      await setPreference(jon, 'post', true).expect(200);
      await createPost(site, 'Article', ivy, articleBody({ isPublished: false, title: 'Still a draft' }));
      const shown = await createPost(site, 'Article', ivy, articleBody({ isPublished: true, title: 'Out now' }));
      await createPost(site, 'Article', jon, articleBody({ isPublished: true, title: 'My own' }));
      await mailSettled(site);
      const [mail, ...more] = mailsTo(jon, /^New article by/);
      expect(more).toEqual([]);
      expect(mail.parsed.subject).toBe('New article by Ivy Poster: "Out now"');
      expect(mail.parsed.text).toContain('(you hear of it because you follow Ivy Poster)');
      expect(mail.parsed.text).toContain(`http://localhost:3000/article/${shown}`);
      expect(unsubscribeLinkOf(mail).searchParams.get('kind')).toBe('post');
      expect(
        (
          await site
            .http()
            .get(`${unsubscribeLinkOf(mail).pathname}${unsubscribeLinkOf(mail).search}`)
            .expect(200)
        ).text,
      ).toContain('new posts by people and tags you follow');
    });
  });

  describe('of accepted answers, resolved flags and moderation (off by default)', () => {
    let admin: TestUser;
    beforeAll(async () => {
      admin = await makeAdmin(site, await signUp(site, 'Root Admin'));
    });
    const questionComment = async (user: TestUser, questionID: number) =>
      (
        await site
          .http()
          .post('/api/QuestionComment')
          .set(bearer(user))
          .send({ content: '<p>Try this.</p>', questionID, parentId: -1, attachedFiles: [] })
          .expect(200)
      ).body.result.id as number;
    const accept = (user: TestUser, questionId: number, commentId: number | null) =>
      site.http().put('/api/Question/AcceptAnswer').set(bearer(user)).send({ questionId, commentId }).expect(200);
    const unsubscribeKind = (mail: CapturedMail) =>
      new URL(/<([^>]+)>/.exec(headerOf(mail, 'List-Unsubscribe'))![1]).searchParams.get('kind');

    it('mails an accepted answer to its author once they turned it on, and a replay sends it no second time', async () => {
      const questionId = await createPost(site, 'Question', ada, questionBody({ title: 'How do I cancel a task?' }));
      const answerId = await questionComment(bob, questionId);
      await accept(ada, questionId, answerId);
      await mailSettled(site);
      expect(mailsTo(bob, /was accepted/)).toEqual([]);

      await setPreference(bob, 'answer-accepted', true).expect(200);
      await accept(ada, questionId, null);
      await accept(ada, questionId, answerId);
      await mailSettled(site);
      const [mail, ...more] = mailsTo(bob, /was accepted/);
      expect(more).toEqual([]);
      expect(mail.parsed.subject).toBe('Your answer on "How do I cancel a task?" was accepted');
      expect(mail.parsed.text).toContain('Ada Author accepted your answer on the question "How do I cancel a task?".');
      expect(mail.parsed.text).toContain(`http://localhost:3000/question/${questionId}#comment-${answerId}`);
      expect(unsubscribeKind(mail)).toBe('answer-accepted');
      expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

      await site.app.get<ReadStore>(READ_STORE).transaction((tx) => tx.setCheckpoint('comment-notification', null));
      await mailSettled(site);
      expect(mailsTo(bob, /was accepted/)).toHaveLength(1);
    });

    it('mails a flag’s resolution to each flagger who turned it on, with the outcome', async () => {
      const [carl, dora] = [await signUp(site, 'Carl Flagger'), await signUp(site, 'Dora Flagger')];
      await setPreference(dora, 'flag-resolved', true).expect(200);
      const articleId = await createPost(site, 'Article', ada, articleBody({ isPublished: true, title: 'Watches' }));
      const { id: commentId } = (await comment(bob, articleId, '<p>Buy cheap watches</p>')).body.result as { id: number };
      for (const flagger of [carl, dora])
        await site
          .http()
          .post('/api/Flag')
          .set(bearer(flagger))
          .send({ entityType: 3, id: commentId, reason: 'spam', note: '' })
          .expect(200);
      await site
        .http()
        .put('/api/Moderation/Flags/Resolve')
        .set(bearer(admin))
        .send({ entityType: 3, id: commentId, action: 'dismiss', note: 'Not spam' })
        .expect(200);
      await mailSettled(site);
      expect(mailsTo(carl, /reviewed/)).toEqual([]);
      const [mail, ...more] = mailsTo(dora, /reviewed/);
      expect(more).toEqual([]);
      expect(mail.parsed.subject).toBe('What you flagged was reviewed: kept it');
      expect(mail.parsed.text).toContain('An admin reviewed the comment on the article "Watches" you flagged and kept it.');
      expect(mail.parsed.text).toContain(`http://localhost:3000/article/${articleId}#comment-${commentId}`);
      expect(unsubscribeKind(mail)).toBe('flag-resolved');
    });

    it('mails an author an admin’s moderation of their post once they turned it on', async () => {
      const unapprove = (postId: number) =>
        site.http().put('/api/Article/Approve').set(bearer(admin)).send({ id: postId, isApproved: false }).expect(200);
      const quiet = await createPost(site, 'Article', bob, articleBody({ isPublished: true, title: 'Unheard' }));
      await unapprove(quiet);
      await mailSettled(site);
      expect(mailsTo(bob, /An admin/)).toEqual([]);

      await setPreference(bob, 'moderation', true).expect(200);
      const postId = await createPost(site, 'Article', bob, articleBody({ isPublished: true, title: 'Heard' }));
      await unapprove(postId);
      await mailSettled(site);
      expect(mailsTo(bob, /An admin/).map((mail) => mail.parsed.subject)).toEqual(['An admin unapproved your article "Heard"']);
      expect(unsubscribeKind(mailsTo(bob, /An admin/)[0])).toBe('moderation');

      // A comment's deletion by an admin too (its own author's deletion says nothing), linking its post.
      const { id: mine } = (await comment(bob, postId, '<p>Mine</p>')).body.result as { id: number };
      const { id: theirs } = (await comment(bob, postId, '<p>Theirs</p>')).body.result as { id: number };
      await site.http().delete(`/api/ArticleComment/${mine}`).set(bearer(bob)).expect(200);
      await site.http().delete(`/api/ArticleComment/${theirs}`).set(bearer(admin)).expect(200);
      await mailSettled(site);
      const deleted = mailsTo(bob, /deleted your comment/);
      expect(deleted.map((mail) => mail.parsed.subject)).toEqual(['An admin deleted your comment on the article "Heard"']);
      expect(deleted[0].parsed.text).toContain(`See it here:\nhttp://localhost:3000/article/${postId}\n`);
    });
  });

  it('decides as the preferences stood when the notification arose, also on a replay from the start', async () => {
    const before = mailsTo(ada, /New comment/).length;
    const articleId = await createPost(site, 'Article', ada, articleBody({ isPublished: true, title: 'While off' }));
    await comment(bob, articleId); // comment mails are off for Ada (unsubscribed above)
    await setPreference(ada, 'comment', true).expect(200);
    await site.app.get<ReadStore>(READ_STORE).transaction((tx) => tx.setCheckpoint('comment-notification', null));
    await mailSettled(site);
    expect(mailsTo(ada, /New comment/)).toHaveLength(before);
    await comment(bob, articleId);
    await mailSettled(site);
    expect(mailsTo(ada, /New comment/)).toHaveLength(before + 1);
  });
});
