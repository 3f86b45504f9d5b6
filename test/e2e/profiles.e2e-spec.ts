import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EVENT_STORE, READ_STORE } from '@app/api';
import { PROFILE_MESSAGES } from '@app/contracts';
import type { EventStore } from '@app/event-store';
import {
  ACCOUNTS_COLLECTION,
  PROFILE_HISTORY_COLLECTION,
  PROFILES_COLLECTION,
  ProjectionRunner,
  rebuildProjection,
} from '@app/projections';
import type { ReadStore } from '@app/read-store';
import { samplePng } from '@app/testing';
import { bearer, signUp, type TestUser } from '../support/accounts';
import { eventually } from '../support/eventually';
import { articleBody, createPost, documentsOf } from '../support/posts';
import { runCli, runCliInBackground } from '../support/run-cli';
import { basicInfo, city, company, country, education, otherCity, state } from '../support/profiles';
import { startTestApp, type TestApp } from '../support/test-app';

describe('profiles', () => {
  let site: TestApp;
  let owner: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    site = await startTestApp();
    owner = await signUp(site, 'Ada Lovelace');
    other = await signUp(site, 'Bob Other');
  });
  afterAll(() => site.dispose());

  const getProfile = (viewer?: TestUser) => {
    const call = site.http().get(`/api/User/${owner.userName}`);
    return viewer ? call.set(bearer(viewer)) : call;
  };

  it('starts with the signup name and e-mail, e-mail shown to the owner only', async () => {
    const anonymous = (await getProfile().expect(200)).body.result;
    expect(anonymous).toMatchObject({ uName: owner.userName, name: 'Ada Lovelace', email: null, totalArticles: 0, title: null });
    expect((await getProfile(owner).expect(200)).body.result.email).toBe(owner.email);
    await site.http().get('/api/User/nobody-here').expect(404);
  });

  it('saves basic info for the owner only, with names resolved and privacy flags applied', async () => {
    await site.http().put('/api/User/').send(basicInfo()).expect(401);
    await site.http().put('/api/User/').set(bearer(owner)).send(basicInfo()).expect(200);
    const mine = (await getProfile(owner).expect(200)).body.result;
    expect(mine).toMatchObject({
      title: 'Analyst',
      genderName: 'Female',
      countryName: country.name,
      stateName: state.name,
      cityName: city.name,
      phone: '+44 1234',
      dateOfBirth: '1990-12-10',
      contactEmail: 'ada@example.org',
    });
    expect(mine.age).toMatch(/^\d+ Years$/);
    for (const viewer of [undefined, other]) {
      expect((await getProfile(viewer).expect(200)).body.result).toMatchObject({
        phone: null,
        dateOfBirth: null,
        age: null,
        email: null,
        contactEmail: null,
      });
    }
    await site
      .http()
      .put('/api/User/')
      .set(bearer(owner))
      .send(basicInfo({ showPhone: true, showDOB: true, showEmail: true }))
      .expect(200);
    expect((await getProfile(other).expect(200)).body.result).toMatchObject({
      phone: '+44 1234',
      dateOfBirth: '1990-12-10',
      email: owner.email,
      contactEmail: 'ada@example.org',
    });
  });

  it('refuses invalid basic info with the SPEC messages', async () => {
    const put = (body: object) => site.http().put('/api/User/').set(bearer(owner)).send(body);
    expect((await put(basicInfo({ name: '' })).expect(400)).body).toMatchObject({
      success: false,
      errorMessage: expect.stringContaining(PROFILE_MESSAGES.nameRequired),
    });
    expect((await put(basicInfo({ phone: '1'.repeat(16) })).expect(400)).body.errorMessage).toContain(PROFILE_MESSAGES.phoneTooLong);
    expect((await put(basicInfo({ websiteUrl: 'not a url' })).expect(400)).body.errorMessage).toContain(PROFILE_MESSAGES.websiteUrlInvalid);
    expect((await put(basicInfo({ dateOfBirth: '2999-01-01' })).expect(400)).body.errorMessage).toContain(
      PROFILE_MESSAGES.dateOfBirthAfterToday,
    );
    // A city outside the given state.
    await put(basicInfo({ cityId: otherCity.id })).expect(400);
  });

  it('shows a name change at once on the profile and as the author of posts', async () => {
    const id = await createPost(site, 'Article', owner, articleBody({ isPublished: true }));
    await site
      .http()
      .put('/api/User/')
      .set(bearer(owner))
      .send(basicInfo({ name: 'Ada King' }))
      .expect(200);
    expect((await getProfile().expect(200)).body.result).toMatchObject({ name: 'Ada King', totalArticles: 1 });
    expect((await site.http().get(`/api/Article/${id}`).expect(200)).body.result.name).toBe('Ada King');
  });

  it('keeps work history newest first; only the owner changes it', async () => {
    const list = async () => (await site.http().get(`/api/User/${owner.userName}/Companies`).expect(200)).body.result;
    await site.http().post('/api/User/Companies').send(company()).expect(401);
    await site.http().post('/api/User/Companies').set(bearer(owner)).send(company()).expect(200);
    await site
      .http()
      .post('/api/User/Companies')
      .set(bearer(owner))
      .send(company({ companyName: 'Later', isCurrentCompany: true, endDate: '2022-01-01' }))
      .expect(200);
    const [latest, first] = await list();
    expect(latest).toMatchObject({ companyName: 'Later', isCurrentCompany: true, endDate: null, cityName: city.name });
    expect(first).toMatchObject({ companyName: 'Analytical Engines', endDate: '2021-06-30' });

    const endBeforeStart = await site
      .http()
      .post('/api/User/Companies')
      .set(bearer(owner))
      .send(company({ endDate: '2019-01-01' }))
      .expect(400);
    expect(endBeforeStart.body.errorMessage).toContain(PROFILE_MESSAGES.endDateBeforeStartDate);

    await site
      .http()
      .put('/api/User/Companies')
      .set(bearer(owner))
      .send(company({ id: first.id, designation: 'Lead' }))
      .expect(200);
    expect((await list())[1].designation).toBe('Lead');
    // Another user's profile has no such item.
    await site.http().delete(`/api/User/Companies/${first.id}`).set(bearer(other)).expect(404);
    await site.http().delete(`/api/User/Companies/${first.id}`).set(bearer(owner)).expect(200);
    expect((await list()).map((item: { id: number }) => item.id)).toEqual([latest.id]);
  });

  it('keeps education and project history', async () => {
    await site.http().post('/api/User/Educations').set(bearer(owner)).send(education).expect(200);
    expect((await site.http().get(`/api/User/${owner.userName}/Educations`).expect(200)).body.result).toMatchObject([
      { universityName: 'Cambridge', stateName: state.name },
    ]);
    await site
      .http()
      .post('/api/User/Projects')
      .set(bearer(owner))
      .send({ projectName: 'Notes', projectDescription: 'Note G' })
      .expect(200);
    const [project] = (await site.http().get(`/api/User/${owner.userName}/Projects`).expect(200)).body.result;
    expect(project).toMatchObject({ uName: owner.userName, projectName: 'Notes', projectDescription: 'Note G', startDate: null });
    await site.http().post('/api/User/Projects').set(bearer(owner)).send({ projectName: '' }).expect(400);
  });

  it('sets skills from the master data only', async () => {
    await site
      .http()
      .put('/api/Tag/UpdateUserTags')
      .set(bearer(owner))
      .send([{ id: 1 }, { id: 2 }])
      .expect(200);
    expect((await site.http().get(`/api/Tag/${owner.userName}`).expect(200)).body.result.map((tag: { id: number }) => tag.id)).toEqual([
      1, 2,
    ]);
    await site
      .http()
      .put('/api/Tag/UpdateUserTags')
      .set(bearer(owner))
      .send([{ id: 999_999 }])
      .expect(400);
    await site
      .http()
      .put('/api/Tag/UpdateUserTags')
      .send([{ id: 1 }])
      .expect(401);
  });

  it('serves the profile picture uploaded as attachment type 8', async () => {
    expect((await site.http().get(`/api/File/ProfilePicture/${owner.userName}`).expect(200)).body.result).toBe('');
    const upload = await site
      .http()
      .post('/api/File')
      .set(bearer(owner))
      .field('AttachmentTypeId', '8')
      .attach('file', samplePng(), 'me.png')
      .expect(200);
    const name = (await site.http().get(`/api/File/ProfilePicture/${owner.userName}`).expect(200)).body.result as string;
    expect(name).toBe(upload.body.result.uploadedFileName);
    const picture = await site.http().get(`/ProfilePictures/${name}`).expect(200);
    expect(picture.headers['content-type']).toBe('image/png');
  });

  it('keeps the export out of every cache, and says a profile depends on who asks', async () => {
    const exported = await site.http().get('/api/User/Export').set(bearer(owner)).expect(200);
    expect(exported.headers['cache-control']).toBe('no-store');
    const profile = await site.http().get(`/api/User/${owner.userName}`).expect(200);
    expect(profile.headers.vary).toMatch(/\bAuthorization\b/i);
  });

  it('exports everything it holds about the caller', async () => {
    await site.http().get('/api/User/Export').expect(401);
    const before = (await site.http().get('/api/User/Export').set(bearer(owner)).expect(200)).body.result;
    const articleID = before.articles[0].id as number;
    const comment = { uName: owner.userName, content: '<p>Worth a second look</p>', attachedFiles: [], articleID, parentId: -1 };
    await site.http().post('/api/ArticleComment').set(bearer(owner)).send(comment).expect(200);
    const exported = (await site.http().get('/api/User/Export').set(bearer(owner)).expect(200)).body.result;
    expect(exported.account).toMatchObject({ userName: owner.userName, email: owner.email, name: 'Ada Lovelace' });
    expect(exported.profile).toMatchObject({ name: 'Ada King', phone: '+44 1234' });
    expect(exported.skills).toHaveLength(2);
    expect(exported.companies).toHaveLength(1);
    expect(exported.educations).toHaveLength(1);
    expect(exported.projects).toHaveLength(1);
    expect(exported.articles).toHaveLength(1);
    expect(exported.comments).toEqual([
      {
        id: expect.any(Number),
        entityType: 3,
        postId: articleID,
        parentId: -1,
        content: '<p>Worth a second look</p>',
        createdOn: expect.any(String),
      },
    ]);
  });
});

describe('erasing an account', () => {
  let site: TestApp;

  beforeAll(async () => {
    site = await startTestApp();
  });
  afterAll(() => site.dispose());

  it('shreds the key: no login, no name anywhere (also after a rebuild), the e-mail is free again', async () => {
    const user = await signUp(site, 'Erin Erased');
    await site
      .http()
      .put('/api/User/')
      .set(bearer(user))
      .send(basicInfo({ name: 'Erin Erased', phone: '555 0100' }))
      .expect(200);
    await site.http().post('/api/User/Companies').set(bearer(user)).send(company()).expect(200);
    const id = await createPost(site, 'Article', user, articleBody({ isPublished: true }));
    const comment = { uName: user.userName, content: '<p>My own words</p>', attachedFiles: [], articleID: id, parentId: -1 };
    await site.http().post('/api/ArticleComment').set(bearer(user)).send(comment).expect(200);
    await site.http().post('/api/Account/ForgotPassword').send({ Email: user.email }).expect(200);

    await site.http().delete('/api/User/').set(bearer(user)).send({ Password: 'wrong-password' }).expect(401);
    await site.http().delete('/api/User/').set(bearer(user)).send({ Password: user.password }).expect(200);

    await site.http().post('/api/Account/Login').send({ Email: user.email, Password: user.password, RememberMe: false }).expect(401);
    await site.http().get('/api/Account/IsTokenValid').set(bearer(user)).expect(401);
    await site.http().get(`/api/User/${user.userName}`).expect(404);
    const post = (await site.http().get(`/api/Article/${id}`).expect(200)).body.result;
    expect(post).toMatchObject({ name: 'Deleted user', uName: '' });
    const comments = (await site.http().get(`/api/Article/Comments/${id}/-1/20/true`).expect(200)).body.result;
    expect(comments).toEqual([expect.objectContaining({ name: 'Deleted user', uName: '' })]);

    const runner = site.app.get(ProjectionRunner);
    for (const name of ['accounts', 'profiles']) {
      await rebuildProjection(
        site.app.get<EventStore>(EVENT_STORE),
        site.app.get<ReadStore>(READ_STORE),
        runner.projections.find((p) => p.name === name)!,
      );
    }
    const readModels = JSON.stringify(
      await Promise.all(
        [ACCOUNTS_COLLECTION, PROFILES_COLLECTION, PROFILE_HISTORY_COLLECTION].map((collection) => documentsOf(site, collection)),
      ),
    );
    for (const secret of [user.email, user.userName, 'Erin', '555 0100', 'Analytical Engines']) expect(readModels).not.toContain(secret);
    expect((await site.http().get(`/api/Article/${id}`).expect(200)).body.result.name).toBe('Deleted user');

    expect(JSON.stringify((await site.http().get('/api/Home/').expect(200)).body.result)).not.toContain('Erin');
    // Queued mail (the reset link asked for above) is sealed with the shredded key: no job record holds the address.
    const queueFiles = readdirSync(site.dataDir).filter((file) => file.startsWith('queue.sqlite'));
    expect(queueFiles.length).toBeGreaterThan(0);
    for (const file of queueFiles) expect(readFileSync(join(site.dataDir, file), 'latin1')).not.toContain(user.email);

    const mail = readdirSync(join(site.dataDir, 'mail')).filter((file) => file.endsWith('.eml'));
    for (const file of mail)
      expect(readFileSync(join(site.dataDir, 'mail', file), 'utf8').toLowerCase()).not.toContain(user.email.toLowerCase());

    // The e-mail and the user name can be taken by a new signup.
    const again = await site
      .http()
      .post('/api/Account/Signup')
      .send({ Name: 'Erin Erased', Email: user.email, Password: 'another-pass1' })
      .expect(200);
    expect(again.body.result.userName).toBe(user.userName);
  });

  it('erases from the operator CLI too (erase-user), while the site runs', async () => {
    const user = await signUp(site, 'Olga Operated');
    // In the background: the site goes on projecting while the CLI waits for its read models to drop the user.
    const erased = await runCliInBackground(site.dataDir, ['erase-user', user.email]);
    expect(erased.output).toContain(`${user.email} is erased.`);
    expect(erased.output).not.toContain('have not caught up');
    await eventually(async () => (await site.http().get(`/api/User/${user.userName}`)).status === 404, 'the profile to go');
    await site.http().post('/api/Account/Login').send({ Email: user.email, Password: user.password, RememberMe: false }).expect(401);

    const unknown = runCli(site.dataDir, ['erase-user', 'nobody@example.com']);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No account with the e-mail nobody@example.com.');
  });
});
