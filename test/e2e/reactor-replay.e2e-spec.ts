import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createReadStore } from '@app/read-store';
import { bearer, signUp, type TestUser } from '../support/accounts';
import { mailSettled } from '../support/mail-settled';
import { countMailTo, waitForMailTo } from '../support/mailbox';
import { articleBody, createPost } from '../support/posts';
import { startTestApp, type TestApp } from '../support/test-app';

const REACTORS = ['account-mail', 'comment-notification'];
const DAY_MS = 24 * 3600 * 1000;

/**
 * The mail reactors run again over requests they already mailed when their checkpoint is lost (the
 * read store deleted or restored from an old copy): nothing is sent twice, whether the queue still
 * knows the jobs' ids or, days later, it has forgotten them.
 */
describe('mail reactors with a lost checkpoint', () => {
  let clockMs = Date.now();
  const clock = () => new Date(clockMs);
  let site: TestApp;
  let dataDir: string;
  let author: TestUser;
  let commenter: TestUser;

  beforeAll(async () => {
    site = await startTestApp({ clock });
    dataDir = site.dataDir;
    author = await signUp(site, 'Ada Author');
    commenter = await signUp(site, 'Carl Commenter');
    await site.http().post('/api/Account/ForgotPassword').send({ Email: author.email }).expect(200);
    const articleId = await createPost(site, 'Article', author, articleBody({ isPublished: true, title: 'Replayed' }));
    await site.http().post('/api/ArticleComment').set(bearer(commenter)).send({ content: '<p>Nice</p>', articleID: articleId }).expect(200);
    await waitForMailTo(dataDir, author.email, { subject: /comment/i });
    await waitForMailTo(dataDir, author.email, { subject: /reset/i });
    await waitForMailTo(dataDir, commenter.email, { subject: /confirm/i });
    await caughtUp();
  }, 60_000);
  afterAll(async () => {
    await site?.dispose();
  });

  const mailCounts = async () => ({
    author: await countMailTo(dataDir, author.email),
    commenter: await countMailTo(dataDir, commenter.email),
  });

  /** Until both reactors passed the head and the queue has nothing left to send (a job is active until its mail is written). */
  const caughtUp = () => mailSettled(site);

  async function restartLosingCheckpoints(options: { queueToo?: boolean } = {}): Promise<void> {
    await site.close();
    const readStore = await createReadStore({ dataDir });
    await readStore.transaction(async (tx) => {
      for (const name of REACTORS) await tx.deleteCheckpoint(name);
    });
    await readStore.close();
    if (options.queueToo) {
      for (const file of ['queue.sqlite', 'queue.sqlite-wal', 'queue.sqlite-shm']) rmSync(join(dataDir, file), { force: true });
    }
    site = await startTestApp({ dataDir, clock });
    await caughtUp();
  }

  it('sent three mails to the author (confirmation, reset, comment) and one to the commenter', async () => {
    expect(await mailCounts()).toEqual({ author: 3, commenter: 1 });
  });

  it('sends nothing again right after: the queue still holds every job id', async () => {
    await restartLosingCheckpoints();
    expect(await mailCounts()).toEqual({ author: 3, commenter: 1 });
  });

  it('sends nothing again days later, when the queue has forgotten the ids too: the requests have expired', async () => {
    clockMs += 3 * DAY_MS;
    await restartLosingCheckpoints({ queueToo: true });
    expect(await mailCounts()).toEqual({ author: 3, commenter: 1 });
  });

  it('still mails what is new', async () => {
    // Three days on, the sessions of the first day have ended: both log in again.
    author = await logInAgain(author);
    commenter = await logInAgain(commenter);
    const articleId = await createPost(site, 'Article', author, articleBody({ isPublished: true, title: 'Fresh' }));
    await site
      .http()
      .post('/api/ArticleComment')
      .set(bearer(commenter))
      .send({ content: '<p>Again</p>', articleID: articleId })
      .expect(200);
    await caughtUp();
    // The comment, and for each a 'New sign-in to your account' (their logins of today).
    expect(await mailCounts()).toEqual({ author: 5, commenter: 2 });
  });

  async function logInAgain(user: TestUser): Promise<TestUser> {
    const response = await site.http().post('/api/Account/Login').send({ Email: user.email, Password: user.password, RememberMe: false });
    expect(response.status).toBe(200);
    return { ...user, token: (response.body.result as { token: string }).token };
  }
});
