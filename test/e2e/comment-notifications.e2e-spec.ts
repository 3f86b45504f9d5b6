import type { AppConfig } from '@app/config';
import { accountStreamName, buildUnsubscribeLink } from '@app/domain';
import type { EventStore } from '@app/event-store';
import { CapturingSmtpServer, type CapturedMail } from '@app/testing';
import type { ReadStore } from '@app/read-store';
import { APP_CONFIG, EVENT_STORE, READ_STORE } from '@app/api';
import { bearer, signUp, type TestUser } from '../support/accounts';
import { mailSettled } from '../support/mail-settled';
import { articleBody, createPost, questionBody } from '../support/posts';
import { startTestApp, type TestApp } from '../support/test-app';

/** Authors are mailed over SMTP when someone else comments on their post or replies to their comment. */
describe('comment notifications', () => {
  let smtp: CapturingSmtpServer;
  let site: TestApp;
  let author: TestUser;
  let commenter: TestUser;

  beforeAll(async () => {
    smtp = await new CapturingSmtpServer().start();
    site = await startTestApp({ env: { SMTP_URL: smtp.url } });
    author = await signUp(site, 'Ada Author');
    commenter = await signUp(site, 'Carl Commenter');
  });
  afterAll(async () => {
    await site?.dispose();
    await smtp?.stop();
  });

  const notificationsTo = (user: TestUser) =>
    smtp.messages.filter((message) => message.envelopeTo.includes(user.email) && /comment|reply/i.test(message.parsed.subject ?? ''));
  const settleMail = () => mailSettled(site);
  const waitForNotifications = async (user: TestUser, count: number) => {
    const deadline = Date.now() + 15_000;
    while (notificationsTo(user).length < count) {
      if (Date.now() > deadline) throw new Error(`Expected ${count} notifications to ${user.email}, got ${notificationsTo(user).length}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return notificationsTo(user);
  };
  const addComment = async (user: TestUser, body: Record<string, unknown>, route = 'ArticleComment') =>
    (
      await site
        .http()
        .post(`/api/${route}`)
        .set(bearer(user))
        .send({ content: '<p>Nice one</p>', ...body })
        .expect(200)
    ).body.result as {
      id: number;
    };
  /** A raw header as sent (mailparser folds List-* headers into an object of its own). */
  const headerOf = (mail: CapturedMail, name: string) =>
    mail.parsed.headerLines
      .find((line) => line.key === name.toLowerCase())
      ?.line.replace(/^[^:]+:\s*/, '')
      .replace(/\r?\n\s+/g, '') ?? '';
  const unsubscribeLinkOf = (mail: CapturedMail) => new URL(/<([^>]+)>/.exec(headerOf(mail, 'List-Unsubscribe'))![1]);

  it('mails the post author once, with a link to the comment and a one-click unsubscribe link', async () => {
    const articleId = await createPost(site, 'Article', author, articleBody({ isPublished: true, title: 'Mailed article' }));
    const { id } = await addComment(commenter, { articleID: articleId });
    const [mail] = await waitForNotifications(author, 1);
    expect(mail.parsed.subject).toBe('New comment on your article "Mailed article"');
    expect(mail.parsed.text).toContain('Carl Commenter commented on your article "Mailed article".');
    expect(mail.parsed.text).toContain(`http://localhost:3000/article/${articleId}#comment-${id}`);
    expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = unsubscribeLinkOf(mail);
    expect(unsubscribe.pathname).toBe('/api/Account/Unsubscribe');
    expect(unsubscribe.searchParams.get('uname')).toBe(author.accountId);
    expect(unsubscribe.searchParams.get('kind')).toBe('comment');
    expect(mail.parsed.text).toContain(unsubscribe.toString());
    await settleMail();
    expect(notificationsTo(author)).toHaveLength(1);
  });

  it('mails nobody for comments on your own post', async () => {
    const questionId = await createPost(site, 'Question', author, questionBody({ title: 'Talking to myself' }));
    const before = notificationsTo(author).length;
    await addComment(author, { questionID: questionId }, 'QuestionComment');
    await settleMail();
    expect(notificationsTo(author)).toHaveLength(before);
  });

  it("mails the parent comment's author on a reply", async () => {
    const questionId = await createPost(site, 'Question', author, questionBody({ title: 'Threads' }));
    const parent = await addComment(commenter, { questionID: questionId }, 'QuestionComment');
    await waitForNotifications(author, notificationsTo(author).length); // the author's own notification for the comment
    const reply = await addComment(author, { questionID: questionId, parentId: parent.id }, 'QuestionComment');
    const [mail] = await waitForNotifications(commenter, 1);
    expect(mail.parsed.subject).toBe('New reply to your comment on "Threads"');
    expect(mail.parsed.text).toContain(`http://localhost:3000/question/${questionId}#comment-${reply.id}`);
  });

  it('only asks to confirm when the link is opened (GET): link scanners change nothing', async () => {
    const [first] = notificationsTo(author);
    const link = unsubscribeLinkOf(first);
    const opened = await site.http().get(`${link.pathname}${link.search}`).set('Accept', 'text/html').expect(200);
    expect(opened.headers['content-type']).toMatch(/^text\/html/);
    expect(opened.headers['cache-control']).toBe('no-store');
    expect(opened.text).toMatch(/<form method="post" action="[^"]*Unsubscribe\?uname=[^"]+&(?:amp|#38);hash=[^"]+">/);
    await site.http().head(`${link.pathname}${link.search}`).expect(200);
    const events = await site.app.get<EventStore>(EVENT_STORE).readStream(accountStreamName(author.accountId));
    expect(events.filter((event) => event.type.startsWith('CommentNotifications') || event.type === 'EmailPreferenceSet')).toEqual([]);
    const forged = await site.http().get(`/api/Account/Unsubscribe?uname=${author.accountId}&hash=forged`).expect(400);
    expect(forged.text).not.toContain('<form');
  });

  it('answers the confirmation form of a browser with a page', async () => {
    const reader = await signUp(site, 'Paula Page');
    const link = new URL(
      buildUnsubscribeLink('http://localhost:3000', reader.accountId, site.app.get<AppConfig>(APP_CONFIG).credentialLinkSecret, 'comment'),
    );
    const done = await site
      .http()
      .post(`${link.pathname}${link.search}`)
      .set('Accept', 'text/html,application/xhtml+xml')
      .type('form')
      .send({})
      .expect(200);
    expect(done.headers['content-type']).toMatch(/^text\/html/);
    expect(done.text).toContain('no longer');
    expect((await site.http().get('/api/Account/CommentNotifications').set(bearer(reader)).expect(200)).body.result).toEqual({
      enabled: false,
    });
  });

  it('unsubscribes with the link (no login): an event on the account, and no more mail', async () => {
    const [first] = notificationsTo(author);
    const link = unsubscribeLinkOf(first);
    await site.http().get(`/api/Account/Unsubscribe?uname=${author.accountId}&hash=forged`).expect(400);
    expect((await site.http().post(`${link.pathname}${link.search}`).expect(200)).body).toMatchObject({ success: true, result: true });
    await site.http().get(`${link.pathname}${link.search}`).expect(200);
    const events = await site.app.get<EventStore>(EVENT_STORE).readStream(accountStreamName(author.accountId));
    // The link of a comment mail turns comment mails off, and only those (replies are their own kind).
    expect(events.filter((event) => event.type === 'EmailPreferenceSet').map((event) => event.data)).toEqual([
      { kind: 'comment', enabled: false, at: expect.any(String) },
    ]);

    const before = notificationsTo(author).length;
    const articleId = await createPost(site, 'Article', author, articleBody({ isPublished: true, title: 'Quiet now' }));
    await addComment(commenter, { articleID: articleId });
    await settleMail();
    expect(notificationsTo(author)).toHaveLength(before);

    // Turned back on from the settings: mailed again.
    await site.http().put('/api/Account/CommentNotifications').set(bearer(author)).send({ enabled: true }).expect(200);
    await addComment(commenter, { articleID: articleId });
    await waitForNotifications(author, before + 1);
  });

  it('tells the logged-in user whether comment e-mails are on (GET), following the settings and the unsubscribe link', async () => {
    const reader = await signUp(site, 'Sally Settings');
    const setting = async () =>
      (await site.http().get('/api/Account/CommentNotifications').set(bearer(reader)).expect(200)).body.result as { enabled: boolean };
    await site.http().get('/api/Account/CommentNotifications').expect(401);
    expect(await setting()).toEqual({ enabled: true });
    await site.http().put('/api/Account/CommentNotifications').set(bearer(reader)).send({ enabled: false }).expect(200);
    expect(await setting()).toEqual({ enabled: false });
    await site.http().put('/api/Account/CommentNotifications').set(bearer(reader)).send({ enabled: true }).expect(200);
    expect(await setting()).toEqual({ enabled: true });
    expect((await site.http().put('/api/Account/CommentNotifications').set(bearer(reader)).send({}).expect(400)).body).toMatchObject({
      success: false,
      errorMessage: '- enabled is required',
    });
  });

  it('sends nothing twice after a restart (the reactor resumes from its checkpoint; job id = event id)', async () => {
    const counts = { author: notificationsTo(author).length, commenter: notificationsTo(commenter).length };
    await site.close();
    site = await startTestApp({ dataDir: site.dataDir, env: { SMTP_URL: smtp.url } });
    await settleMail();
    expect(notificationsTo(author)).toHaveLength(counts.author);
    expect(notificationsTo(commenter)).toHaveLength(counts.commenter);
  });

  it('sends nothing twice when the reactor replays the log from the start', async () => {
    const before = notificationsTo(author).length;
    await site.app.get<ReadStore>(READ_STORE).transaction((tx) => tx.setCheckpoint('comment-notification', null));
    const articleId = await createPost(site, 'Article', author, articleBody({ isPublished: true, title: 'After the replay' }));
    await addComment(commenter, { articleID: articleId });
    await waitForNotifications(author, before + 1);
    await settleMail();
    expect(notificationsTo(author)).toHaveLength(before + 1);
    expect(await site.app.get<ReadStore>(READ_STORE).getCheckpoint('comment-notification')).toBe(
      await site.app.get<EventStore>(EVENT_STORE).headPosition(),
    );
  });
});
