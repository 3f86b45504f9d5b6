import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Comment } from '@app/contracts';
import type { EventStore } from '@app/event-store';
import { COMMENTS_COLLECTION, HOME_COLLECTION, POST_VIEW_COLLECTION, ProjectionRunner, rebuildProjection } from '@app/projections';
import type { ReadStore } from '@app/read-store';
import { EVENT_STORE, READ_STORE } from '@app/api';
import { bearer, makeAdmin, signUp, type TestUser } from '../support/accounts';
import { uploadFile } from '../support/files';
import { articleBody, createPost, documentsOf } from '../support/posts';
import { runCli, runCliInBackground } from '../support/run-cli';
import { startTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(120_000);

/** `npm run cli -- backup <dir>` of a running site with data, `restore <dir>` into an empty DATA_DIR, and the site there serves the same. */
describe('backup and restore', () => {
  let workDir: string;
  let live: TestApp;
  let restored: TestApp | undefined;
  let author: TestUser;
  let reader: TestUser;
  let admin: TestUser;
  let articleId: number;
  let imageName: string;
  const commentsBefore: Comment[] = [];

  const comment = async (site: TestApp, user: TestUser, content: string) => {
    const response = await site
      .http()
      .post('/api/ArticleComment')
      .set(bearer(user))
      .send({ uName: user.userName, attachedFiles: [], parentId: -1, content, articleID: articleId });
    if (response.status !== 200) throw new Error(`Comment failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.result as Comment;
  };
  const commentsOf = async (site: TestApp) =>
    (await site.http().get(`/api/Article/Comments/${articleId}/-1/100/true`).expect(200)).body.result as Comment[];

  beforeAll(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'backup-e2e-'));
    live = await startTestApp();
    await live.app.listen(0);
    author = await signUp(live, 'Ada Author');
    reader = await signUp(live, 'Rita Reader');
    admin = await makeAdmin(live, await signUp(live, 'Root Admin'));
    articleId = await createPost(live, 'Article', author, articleBody({ isPublished: true, title: 'Backed up article' }));
    const upload = await uploadFile(live, author, {
      AttachmentTypeId: 4,
      FileDisplayName: 'Diagram',
      Instructions: 'The build pipeline',
      ReferenceId: articleId,
    });
    expect(upload.status).toBe(200);
    imageName = (upload.body.result as { uploadedFileName: string }).uploadedFileName;
    for (let index = 0; index < 5; index += 1) commentsBefore.push(await comment(live, reader, `<p>Before the backup ${index}</p>`));
  });
  afterAll(async () => {
    await restored?.dispose();
    await live.dispose();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('refuses to back up into a directory that is not empty', () => {
    const used = join(workDir, 'used');
    mkdirSync(used);
    writeFileSync(join(used, 'something'), 'x');
    const { status, stderr } = runCli(live.dataDir, ['backup', used]);
    expect(status).toBe(1);
    expect(stderr).toMatch(/is not empty/);
  });

  it('backs up while the site takes writes, and restores into an empty DATA_DIR a site that serves the same data', async () => {
    const backupDir = join(workDir, 'backup');
    const articleBefore = (await live.http().get(`/api/Article/${articleId}`).set(bearer(author)).expect(200)).body.result;
    const image = (await live.http().get(`/images/${imageName}`).expect(200)).body as Buffer;

    const backup = runCliInBackground(live.dataDir, ['backup', backupDir]);
    const during: Comment[] = [];
    let backupDone = false;
    void backup.then(() => (backupDone = true));
    // Writes until the backup is done, by two writers (a member may comment at most 9 times in 30 seconds).
    for (let index = 0; index < 18 && !backupDone; index += 1) {
      during.push(await comment(live, index % 2 ? author : admin, `<p>During the backup ${index}</p>`));
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const { status, output } = await backup;
    expect(output).toMatch(/Backup complete/);
    expect(status).toBe(0);

    const restoredDir = join(workDir, 'restored');
    const restore = runCli(restoredDir, ['restore', backupDir]);
    expect(restore.output).toMatch(/Restored 5 databases/);
    expect(restore.status).toBe(0);

    restored = await startTestApp({ dataDir: restoredDir });
    const site = restored;
    await site.app.get(ProjectionRunner).waitFor((await site.app.get<EventStore>(EVENT_STORE).headPosition())!, undefined, 10_000);

    // Posts, files, accounts (sealed personal data, the e-mail lookup, the session secret) and the admin role.
    expect((await site.http().get(`/api/Article/${articleId}`).set(bearer(author)).expect(200)).body.result).toEqual(articleBefore);
    expect((await site.http().get(`/images/${imageName}`).expect(200)).body).toEqual(image);
    const login = await site.http().post('/api/Account/Login').send({ Email: author.email, Password: author.password, RememberMe: false });
    expect(login.status).toBe(200);
    expect(login.body.result).toMatchObject({ userName: author.userName, name: 'Ada Author' });
    expect((await site.http().get('/api/Account/IsTokenValid').set(bearer(admin)).expect(200)).body.result).toMatchObject({ roleId: 2 });

    // Comments: everything acknowledged before the backup; of those written during it, a prefix (the log was copied at one moment).
    const comments = await commentsOf(site);
    const contents = comments.map((item) => item.content);
    expect(contents.slice(0, commentsBefore.length)).toEqual(commentsBefore.map((item) => item.content));
    expect(contents.slice(commentsBefore.length)).toEqual(
      during.slice(0, comments.length - commentsBefore.length).map((item) => item.content),
    );

    // The restored read models are what the restored log projects to.
    const collections = [HOME_COLLECTION, POST_VIEW_COLLECTION, COMMENTS_COLLECTION];
    const served = await Promise.all(collections.map((collection) => documentsOf(site, collection)));
    const projections = site.app.get(ProjectionRunner).projections;
    for (const name of ['home', 'post-view', 'comments']) {
      await rebuildProjection(
        site.app.get<EventStore>(EVENT_STORE),
        site.app.get<ReadStore>(READ_STORE),
        projections.find((projection) => projection.name === name)!,
      );
    }
    expect(await Promise.all(collections.map((collection) => documentsOf(site, collection)))).toEqual(served);

    // The restored site takes new writes.
    await comment(site, reader, '<p>After the restore</p>');
    expect((await commentsOf(site)).at(-1)?.content).toBe('<p>After the restore</p>');
  });

  it("keeps the erasure ledger of DATA_DIR, merges the backup's and --ledger copies, and re-applies them", async () => {
    const backupDir = join(workDir, 'backup');
    // An erasure recorded after the backup, by a site whose DATA_DIR was lost: the operator kept a copy of its ledger.
    const offsite = join(workDir, 'offsite-ledger');
    writeFileSync(offsite, `2026-02-01T00:00:00.000Z ${reader.accountId}\n`);
    const target = join(workDir, 'restored-with-ledger');
    mkdirSync(target);
    writeFileSync(join(target, 'erasure-ledger'), '2026-01-01T00:00:00.000Z an-account-of-another-copy\n');

    const restore = runCli(target, ['restore', backupDir, '--ledger', offsite]);
    expect(restore.output).toMatch(/1 erased again in the log/);
    expect(restore.status).toBe(0);
    expect(readFileSync(join(target, 'erasure-ledger'), 'utf8')).toBe(
      `2026-01-01T00:00:00.000Z an-account-of-another-copy\n2026-02-01T00:00:00.000Z ${reader.accountId}\n`,
    );
    const again = runCli(target, ['erasures', 'reapply']);
    expect(again.output).toMatch(/2 erased accounts; 0 erased again in the log, 0 mail files deleted\.\n/);
    const forced = runCli(target, ['erasures', 'reapply', '--rebuild']);
    expect(forced.output).toMatch(
      /0 erased again in the log, 0 mail files deleted, read models rebuilt \((?=[^)]*\baccounts\b)(?=[^)]*\bprofiles\b)(?=[^)]*\bsearch\b)[^)]*\)/,
    );
    expect(forced.output).toMatch(/Compacted the embedded databases/);

    const site = await startTestApp({ dataDir: target });
    try {
      await site.app.get(ProjectionRunner).waitFor((await site.app.get<EventStore>(EVENT_STORE).headPosition())!, undefined, 10_000);
      await site.http().post('/api/Account/Login').send({ Email: reader.email, Password: reader.password, RememberMe: false }).expect(401);
      await site.http().post('/api/Account/Login').send({ Email: author.email, Password: author.password, RememberMe: false }).expect(200);
      const readerComments = (await commentsOf(site)).filter((item) => item.content.startsWith('<p>Before the backup'));
      expect(readerComments.map((item) => item.name)).toEqual(commentsBefore.map(() => 'Deleted user'));
    } finally {
      await site.dispose();
    }
  });

  it('refuses to restore into a DATA_DIR that is not empty, and over a running site even with --force', () => {
    const backupDir = join(workDir, 'backup');
    const notEmpty = runCli(live.dataDir, ['restore', backupDir]);
    expect(notEmpty.status).toBe(1);
    expect(notEmpty.stderr).toMatch(/is not empty: restore into an empty DATA_DIR, or add --force/);
    const running = runCli(live.dataDir, ['restore', backupDir, '--force']);
    expect(running.status).toBe(1);
    expect(running.stderr).toMatch(/is in use: stop the site/);
  });

  it('refuses a directory that is not a backup', () => {
    const { status, stderr } = runCli(join(workDir, 'empty-target'), ['restore', join(workDir, 'used')]);
    expect(status).toBe(1);
    expect(stderr).toMatch(/is not a backup/);
  });
});
