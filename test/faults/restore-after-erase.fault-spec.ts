import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import type { EventStore } from '@app/event-store';
import { ProjectionRunner } from '@app/projections';
import { EVENT_STORE } from '@app/api';
import { accountIdOfToken, bearer, type TestUser } from '../support/accounts';
import { waitForMailTo } from '../support/mailbox';
import { articleBody, createPost } from '../support/posts';
import { runCli, runCliInBackground } from '../support/run-cli';
import { startTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(180_000);

/** Every regular file under `dir`, relative, the SQLite WAL and shared-memory files included. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));
}

/**
 * The files under `dir` whose bytes hold `text` (ASCII, any letter case) as a whole word: not as
 * the tail of a longer address (Joann's address ends with Erin's).
 */
function filesContaining(dir: string, text: string): string[] {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const word = new RegExp(`(?<![\\w.+-])${escaped}(?![\\w-])`, 'i');
  return filesUnder(dir).filter((file) => word.test(readFileSync(join(dir, file)).toString('latin1')));
}

/** The `result` of an API answer (the envelope `{ success, result }`). */
const resultOf = <T>(response: { body: unknown }) => (response.body as { result: T }).result;

async function mailSubjects(dataDir: string): Promise<Array<{ to: string; subject: string }>> {
  const folder = join(dataDir, 'mail');
  if (!existsSync(folder)) return [];
  const mails = await Promise.all(
    readdirSync(folder)
      .filter((file) => file.endsWith('.eml'))
      .map(async (file) => simpleParser(readFileSync(join(folder, file)))),
  );
  return mails
    .map((mail) => ({ to: (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address ?? '', subject: mail.subject ?? '' }))
    .sort((a, b) => `${a.to} ${a.subject}`.localeCompare(`${b.to} ${b.subject}`));
}

/**
 * A person erases their account; the operator then restores a backup taken before that
 * (`backup`, `restore --force`). The erasure ledger, kept apart from what a restore replaces and
 * re-applied by it, keeps them erased: no login, 'Deleted user' on their posts, their e-mail and
 * name in no byte of the data directory, and everyone else's data and mail as they were.
 */
describe('restore after erase', () => {
  let workDir: string;
  let site: TestApp;
  let erin: TestUser;
  let bob: TestUser;
  let joann: TestUser;
  let erinArticle: number;
  let bobArticle: number;

  const signUpAs = async (name: string, email: string): Promise<TestUser> => {
    const password = 'secret-pass1';
    const response = await site.http().post('/api/Account/Signup').send({ Name: name, Email: email, Password: password });
    if (response.status !== 200) throw new Error(`Signup failed: ${response.status} ${JSON.stringify(response.body)}`);
    const result = resultOf<Omit<TestUser, 'accountId' | 'email' | 'password'>>(response);
    return { ...result, accountId: accountIdOfToken(result.token), email, password };
  };
  const comment = async (user: TestUser, articleId: number, content: string) =>
    site
      .http()
      .post('/api/ArticleComment')
      .set(bearer(user))
      .send({ uName: user.userName, attachedFiles: [], parentId: -1, content, articleID: articleId })
      .expect(200);
  const waitForProjections = async () => {
    const head = await site.app.get<EventStore>(EVENT_STORE).headPosition();
    await site.app.get(ProjectionRunner).waitFor(head!, undefined, 20_000);
  };

  beforeAll(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'restore-after-erase-'));
    site = await startTestApp();
    const tag = Date.now().toString(36);
    erin = await signUpAs('Erin Erasable', `erin-${tag}@example.com`);
    // Her address is a substring of Joann's: erasing Erin must leave Joann's mail alone.
    joann = await signUpAs('Joann Keeper', `jo${erin.email}`);
    bob = await signUpAs('Bob Bystander', `bob-${tag}@example.com`);
    erinArticle = await createPost(site, 'Article', erin, articleBody({ isPublished: true, title: 'Notes on engines' }));
    bobArticle = await createPost(site, 'Article', bob, articleBody({ isPublished: true, title: 'Looms and cards' }));
    await comment(erin, bobArticle, '<p>A fine loom</p>'); // mails Bob, naming Erin
    await comment(bob, erinArticle, '<p>Fine notes</p>'); // mails Erin
    await comment(joann, bobArticle, '<p>Agreed</p>'); // mails Bob, naming Joann
    await waitForMailTo(site.dataDir, bob.email, { subject: /New comment/ });
    await waitForMailTo(site.dataDir, erin.email, { subject: /New comment/ });
    for (const user of [erin, joann, bob]) await waitForMailTo(site.dataDir, user.email, { subject: /onfirm/ });
  });
  afterAll(async () => {
    await site.dispose();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('keeps the person erased after a backup taken before the erasure is restored with --force', async () => {
    const backupDir = join(workDir, 'backup');
    const backup = await runCliInBackground(site.dataDir, ['backup', backupDir]);
    expect(backup.output).toMatch(/Backup complete/);
    expect(backup.status).toBe(0);
    // The backup holds her in clear (her mail, her profile): what a plain restore would bring back.
    expect(filesContaining(backupDir, erin.email)).toEqual(expect.arrayContaining(['read.sqlite', expect.stringMatching(/^mail\//)]));
    expect(filesContaining(backupDir, 'Erin Erasable')).not.toEqual([]);

    await site.http().delete('/api/User/').set(bearer(erin)).send({ Password: erin.password }).expect(200);
    // Erasing deletes her mail and the mail naming her, and nobody else's.
    const othersMail = (await mailSubjects(site.dataDir)).filter((mail) => mail.to !== erin.email);
    expect(othersMail.filter((mail) => /New comment/.test(mail.subject))).toHaveLength(1); // Bob's, about Joann's comment
    expect(othersMail.map((mail) => mail.to)).toEqual(expect.arrayContaining([joann.email, bob.email]));
    expect(await mailSubjects(site.dataDir)).not.toContainEqual(expect.objectContaining({ to: erin.email }));
    // The live site keeps nothing of her either: the read models dropped her and their WAL was emptied.
    for (const secret of [erin.email, erin.userName, 'Erin Erasable']) expect(filesContaining(site.dataDir, secret)).toEqual([]);

    await site.close();
    const restore = runCli(site.dataDir, ['restore', backupDir, '--force']);
    expect(restore.output).toMatch(/Restored 5 databases/);
    expect(restore.output).toMatch(/1 erased again in the log/);
    expect(restore.status).toBe(0);
    expect(await mailSubjects(site.dataDir)).toEqual(othersMail);

    site = await startTestApp({ dataDir: site.dataDir });
    await waitForProjections();

    // No login, no session, no profile; 'Deleted user' on her post and her comment.
    await site.http().post('/api/Account/Login').send({ Email: erin.email, Password: erin.password, RememberMe: false }).expect(401);
    await site.http().get('/api/Account/IsTokenValid').set(bearer(erin)).expect(401);
    await site.http().get(`/api/User/${erin.userName}`).expect(404);
    expect(resultOf(await site.http().get(`/api/Article/${erinArticle}`).expect(200))).toMatchObject({
      name: 'Deleted user',
      uName: '',
    });
    const comments = resultOf<{ name: string; content: string }[]>(
      await site.http().get(`/api/Article/Comments/${bobArticle}/-1/20/true`).expect(200),
    );
    expect(comments.map((item) => [item.content, item.name])).toEqual([
      ['<p>A fine loom</p>', 'Deleted user'],
      ['<p>Agreed</p>', 'Joann Keeper'],
    ]);
    expect(JSON.stringify(resultOf(await site.http().get('/api/Home/').expect(200)))).not.toContain('Erin');

    // Her e-mail and names are in no byte of the data directory, the WAL files included.
    expect(filesUnder(site.dataDir).some((file) => file.endsWith('-wal'))).toBe(true);
    for (const secret of [erin.email, erin.userName, 'Erin Erasable']) expect(filesContaining(site.dataDir, secret)).toEqual([]);
    // Everyone else is intact: they log in, and their names are there.
    for (const user of [bob, joann])
      await site.http().post('/api/Account/Login').send({ Email: user.email, Password: user.password, RememberMe: false }).expect(200);
    expect(filesContaining(site.dataDir, joann.email)).not.toEqual([]);

    // A second restore of the same backup (any age, any number of times) ends the same.
    await site.close();
    const again = runCli(site.dataDir, ['restore', backupDir, '--force']);
    expect(again.status).toBe(0);
    site = await startTestApp({ dataDir: site.dataDir });
    await waitForProjections();
    await site.http().post('/api/Account/Login').send({ Email: erin.email, Password: erin.password, RememberMe: false }).expect(401);
    for (const secret of [erin.email, erin.userName, 'Erin Erasable']) expect(filesContaining(site.dataDir, secret)).toEqual([]);
  });
});
