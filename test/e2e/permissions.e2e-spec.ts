import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { samplePng } from '@app/testing';
import { basicInfoNamed, bearer, makeAdmin, signUp, type TestUser } from '../support/accounts';
import { articleBody, createPost, questionBody, searchRequest } from '../support/posts';
import { SoftPasskey } from '../support/passkey-authenticator';
import { company, education } from '../support/profiles';
import { startTestApp, type TestApp } from '../support/test-app';
import { accountDecider, accountStreamName } from '@app/domain';
import { PersonalDataVault } from '@app/personal-data';
import { EventSourcedCommands } from '@app/api/infrastructure/event-sourced-commands';

/**
 * Who may write what: every write endpoint (POST/PUT/DELETE) against anonymous, another user,
 * the owner of the thing and an admin, one fresh fixture per cell. A route added without a row
 * here fails the completeness check.
 */
type Caller = 'anonymous' | 'other' | 'owner' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'other', 'owner', 'admin'];

interface Cell {
  http: ReturnType<TestApp['http']>;
  /** The caller, or null when anonymous. */
  as: TestUser | null;
  owner: TestUser;
  /** What the fixture made (ids). */
  made: Record<string, number>;
}

interface Row {
  route: string;
  /** Makes what the request acts on, as the owner. */
  given?: (site: TestApp, owner: TestUser) => Promise<Record<string, number>>;
  when: (cell: Cell) => PromiseLike<Response>;
  expect: Record<Caller, number>;
  /** The request acts on the caller's own account (erasing it): fresh users for each cell. */
  freshUsers?: boolean;
}

const project = { projectName: 'Notes', projectDescription: 'Note G' };
const basicInfo = basicInfoNamed('Permission Tester');

const as = (user: TestUser | null) => (user ? bearer(user) : {});
/** What a fixture made that is not a number (a session id): `made` holds its index here. */
const givenStrings: string[] = [];
const givenString = (value: string) => givenStrings.push(value) - 1;
/** A personal API token of the owner. */
async function apiTokenOf(site: TestApp, owner: TestUser, scopes: string[]): Promise<{ id: string; token: string }> {
  const response = await site.http().post('/api/Account/ApiTokens').set(bearer(owner)).send({ name: 'Matrix', scopes, expiresInDays: 1 });
  if (response.status !== 200) throw new Error(`api token: ${response.status} ${response.text}`);
  return response.body.result as { id: string; token: string };
}
/** A new session of the owner (a login), by its id. */
async function startedSession(site: TestApp, owner: TestUser): Promise<string> {
  const login = await site.http().post('/api/Account/Login').send({ Email: owner.email, Password: owner.password, RememberMe: false });
  const token = login.body.result.token as string;
  return (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { sid: string }).sid;
}
/** An external identity linked to the owner's account (as the provider's callback would), by its id. */
/** A passkey of the owner, added through the API with a software authenticator. */
async function enrolledPasskey(site: TestApp, owner: TestUser): Promise<string> {
  const options = await site.http().post('/api/Account/Passkeys/Options').set(bearer(owner));
  const passkey = new SoftPasskey();
  const response = await site
    .http()
    .post('/api/Account/Passkeys')
    .set(bearer(owner))
    .send({ response: passkey.register(options.body.result) });
  if (response.status !== 200) throw new Error(`passkey: ${response.status} ${response.text}`);
  return passkey.credentialId;
}
/** Well-formed WebAuthn answers over a challenge the site never issued. */
const forgedChallenge = Buffer.from('a challenge the site never issued').toString('base64url');
const forgedRegistration = () => new SoftPasskey().register({ challenge: forgedChallenge, user: { id: 'dXNlcg' } });
const forgedAssertion = () => new SoftPasskey().assert(forgedChallenge, { userHandle: 'dXNlcg' });

async function linkedIdentity(site: TestApp, owner: TestUser): Promise<string> {
  const subjectLookup = randomUUID().replace(/-/g, '').padEnd(64, '0');
  const sealedLabel = await site.app.get(PersonalDataVault).seal(owner.accountId, { label: 'matrix' });
  await site.app.get(EventSourcedCommands).execute(
    accountStreamName(owner.accountId),
    accountDecider,
    {
      type: 'LinkExternalIdentity',
      accountId: owner.accountId,
      identity: { provider: 'github', subjectLookup, sealedLabel },
      now: new Date(),
    },
    { actor: owner.accountId },
  );
  return subjectLookup;
}
const search = searchRequest();

/** A published post of each kind, with a comment of the owner under it. */
const post = (kind: 'Article' | 'Question') => async (site: TestApp, owner: TestUser) => {
  const id = await createPost(site, kind, owner, kind === 'Article' ? articleBody({ isPublished: true }) : questionBody());
  const comment = await site
    .http()
    .post(`/api/${kind}Comment`)
    .set(bearer(owner))
    .send({ content: '<p>Mine</p>', [kind === 'Article' ? 'articleID' : 'questionID']: id, parentId: -1, attachedFiles: [] });
  if (comment.status !== 200) throw new Error(`comment: ${comment.status} ${comment.text}`);
  return { id, commentId: comment.body.result.id as number };
};

const historyItem = (kind: 'Companies' | 'Educations' | 'Projects', body: object) => async (site: TestApp, owner: TestUser) => {
  await site.http().post(`/api/User/${kind}`).set(bearer(owner)).send(body).expect(200);
  const [item] = (await site.http().get(`/api/User/${owner.userName}/${kind}`).expect(200)).body.result as { id: number }[];
  return { id: item.id };
};

const uploadImage = (http: Cell['http'], user: TestUser | null, referenceId: number, attachmentTypeId = 4) =>
  http
    .post('/api/File')
    .set(as(user))
    .field('AttachmentTypeId', String(attachmentTypeId))
    .field('FileDisplayName', 'Diagram')
    .field('Instructions', 'A picture')
    .field('ReferenceId', String(referenceId))
    .attach('file', samplePng(), 'diagram.png');

const postRows = (kind: 'Article' | 'Question'): Row[] => {
  const body = (id?: number) => (kind === 'Article' ? articleBody({ id, isPublished: true }) : questionBody({ id }));
  const commentField = kind === 'Article' ? 'articleID' : 'questionID';
  return [
    {
      route: `POST /api/${kind}`,
      when: ({ http, as: user }) => http.post(`/api/${kind}`).set(as(user)).send(body()),
      expect: { anonymous: 401, other: 200, owner: 200, admin: 200 },
    },
    {
      route: `PUT /api/${kind}`,
      given: post(kind),
      when: ({ http, as: user, made }) => http.put(`/api/${kind}`).set(as(user)).send(body(made.id)),
      expect: { anonymous: 401, other: 403, owner: 200, admin: 200 },
    },
    {
      route: `DELETE /api/${kind}/:id`,
      given: post(kind),
      when: ({ http, as: user, made }) => http.delete(`/api/${kind}/${made.id}`).set(as(user)),
      expect: { anonymous: 401, other: 403, owner: 200, admin: 200 },
    },
    {
      route: `PUT /api/${kind}/Approve`,
      given: post(kind),
      when: ({ http, as: user, made }) => http.put(`/api/${kind}/Approve`).set(as(user)).send({ id: made.id, isApproved: false }),
      expect: { anonymous: 401, other: 403, owner: 403, admin: 200 },
    },
    {
      route: `PUT /api/${kind}/Like`,
      given: post(kind),
      when: ({ http, as: user, made }) => http.put(`/api/${kind}/Like`).set(as(user)).send({ id: made.id, isLiked: true }),
      expect: { anonymous: 401, other: 200, owner: 200, admin: 200 },
    },
    {
      route: `POST /api/${kind}Comment`,
      given: post(kind),
      when: ({ http, as: user, made }) =>
        http
          .post(`/api/${kind}Comment`)
          .set(as(user))
          .send({ content: '<p>Hi</p>', [commentField]: made.id, parentId: -1, attachedFiles: [] }),
      expect: { anonymous: 401, other: 200, owner: 200, admin: 200 },
    },
    {
      route: `PUT /api/${kind}Comment`,
      given: post(kind),
      when: ({ http, as: user, made }) =>
        http.put(`/api/${kind}Comment`).set(as(user)).send({ id: made.commentId, content: '<p>Edited</p>' }),
      expect: { anonymous: 401, other: 403, owner: 200, admin: 200 },
    },
    {
      route: `DELETE /api/${kind}Comment/:id`,
      given: post(kind),
      when: ({ http, as: user, made }) => http.delete(`/api/${kind}Comment/${made.commentId}`).set(as(user)),
      expect: { anonymous: 401, other: 403, owner: 200, admin: 200 },
    },
    {
      route: `PUT /api/${kind}Comment/Approve`,
      given: post(kind),
      when: ({ http, as: user, made }) =>
        http.put(`/api/${kind}Comment/Approve`).set(as(user)).send({ id: made.commentId, isApproved: false }),
      expect: { anonymous: 401, other: 403, owner: 403, admin: 200 },
    },
    {
      route: `PUT /api/${kind}Comment/Like`,
      given: post(kind),
      when: ({ http, as: user, made }) => http.put(`/api/${kind}Comment/Like`).set(as(user)).send({ id: made.commentId, isLiked: true }),
      expect: { anonymous: 401, other: 200, owner: 200, admin: 200 },
    },
  ];
};

const historyRows = (kind: 'Companies' | 'Educations' | 'Projects', body: object): Row[] => [
  {
    route: `POST /api/User/${kind}`,
    when: ({ http, as: user }) => http.post(`/api/User/${kind}`).set(as(user)).send(body),
    expect: { anonymous: 401, other: 200, owner: 200, admin: 200 },
  },
  // An item is changed by its owner only: to anyone else it does not exist.
  {
    route: `PUT /api/User/${kind}`,
    given: historyItem(kind, body),
    when: ({ http, as: user, made }) =>
      http
        .put(`/api/User/${kind}`)
        .set(as(user))
        .send({ ...body, id: made.id }),
    expect: { anonymous: 401, other: 404, owner: 200, admin: 404 },
  },
  {
    route: `DELETE /api/User/${kind}/:id`,
    given: historyItem(kind, body),
    when: ({ http, as: user, made }) => http.delete(`/api/User/${kind}/${made.id}`).set(as(user)),
    expect: { anonymous: 401, other: 404, owner: 200, admin: 404 },
  },
];

const ROWS: Row[] = [
  ...postRows('Article'),
  ...postRows('Question'),
  {
    // Issue 27: the question's author or an admin accepts an answer (here the owner's own comment).
    route: 'PUT /api/Question/AcceptAnswer',
    given: post('Question'),
    when: ({ http, as: user, made }) =>
      http.put('/api/Question/AcceptAnswer').set(as(user)).send({ questionId: made.id, commentId: made.commentId }),
    expect: { anonymous: 401, other: 403, owner: 200, admin: 200 },
  },
  {
    // Issue 27: anyone but the author flags a post or comment (here the owner's article).
    route: 'POST /api/Flag',
    given: post('Article'),
    when: ({ http, as: user, made }) => http.post('/api/Flag').set(as(user)).send({ entityType: 1, id: made.id, reason: 'spam', note: '' }),
    expect: { anonymous: 401, other: 200, owner: 403, admin: 200 },
  },
  {
    // Issue 27: only an admin resolves an item's open flags (here the owner's comment, flagged by a reader).
    route: 'PUT /api/Moderation/Flags/Resolve',
    given: async (site, owner) => {
      const made = await post('Article')(site, owner);
      const flagger = await signUp(site, 'Fiona Flagger');
      await site.http().post('/api/Flag').set(bearer(flagger)).send({ entityType: 3, id: made.commentId, reason: 'abuse' }).expect(200);
      return made;
    },
    when: ({ http, as: user, made }) =>
      http.put('/api/Moderation/Flags/Resolve').set(as(user)).send({ entityType: 3, id: made.commentId, action: 'dismiss', note: '' }),
    expect: { anonymous: 401, other: 403, owner: 403, admin: 200 },
  },
  ...historyRows('Companies', company()),
  ...historyRows('Educations', education),
  ...historyRows('Projects', project),
  // Profile calls act on the caller's own account.
  {
    route: 'PUT /api/User',
    when: ({ http, as: user }) => http.put('/api/User').set(as(user)).send(basicInfo),
    expect: { anonymous: 401, other: 200, owner: 200, admin: 200 },
  },
  {
    route: 'DELETE /api/User',
    freshUsers: true,
    when: ({ http, as: user }) =>
      http
        .delete('/api/User')
        .set(as(user))
        .send({ Password: user?.password ?? 'secret-pass1' }),
    expect: { anonymous: 401, other: 200, owner: 200, admin: 200 },
  },
  {
    route: 'PUT /api/Tag/UpdateUserTags',
    when: ({ http, as: user }) =>
      http
        .put('/api/Tag/UpdateUserTags')
        .set(as(user))
        .send([{ id: 1 }]),
    expect: { anonymous: 401, other: 200, owner: 200, admin: 200 },
  },
  {
    route: 'PUT /api/Account/CommentNotifications',
    when: ({ http, as: user }) => http.put('/api/Account/CommentNotifications').set(as(user)).send({ enabled: false }),
    expect: { anonymous: 401, other: 200, owner: 200, admin: 200 },
  },
  {
    route: 'PUT /api/Account/EmailPreferences',
    when: ({ http, as: user }) => http.put('/api/Account/EmailPreferences').set(as(user)).send({ kind: 'like', enabled: true }),
    expect: { anonymous: 401, other: 200, owner: 200, admin: 200 },
  },
  {
    route: 'POST /api/Account/LogoutEverywhere',
    when: ({ http, as: user }) => http.post('/api/Account/LogoutEverywhere').set(as(user)),
    expect: { anonymous: 401, other: 200, owner: 200, admin: 200 },
    // It ends the caller's sessions: the shared users' tokens would be refused by the rows after it.
    freshUsers: true,
  },
  // Sign-in methods: only their owner manages them, an admin included (another's answers as unknown).
  {
    route: 'DELETE /api/Account/Sessions/:id',
    given: async (site, owner) => ({ session: givenString(await startedSession(site, owner)) }),
    when: ({ http, as: user, made }) => http.delete(`/api/Account/Sessions/${givenStrings[made.session]}`).set(as(user)),
    expect: { anonymous: 401, other: 404, owner: 200, admin: 404 },
  },
  {
    route: 'POST /api/Account/ApiTokens',
    when: ({ http, as: user }) =>
      http
        .post('/api/Account/ApiTokens')
        .set(as(user))
        .send({ name: 'Matrix', scopes: ['read'], expiresInDays: 1 }),
    expect: { anonymous: 401, other: 200, owner: 200, admin: 200 },
  },
  {
    route: 'DELETE /api/Account/ApiTokens/:id',
    given: async (site, owner) => ({ token: givenString((await apiTokenOf(site, owner, ['read'])).id) }),
    when: ({ http, as: user, made }) => http.delete(`/api/Account/ApiTokens/${givenStrings[made.token]}`).set(as(user)),
    expect: { anonymous: 401, other: 404, owner: 200, admin: 404 },
  },
  // Two-factor: each user's own; a wrong code or password is refused to anyone.
  {
    route: 'POST /api/Account/TwoFactor/Setup',
    when: ({ http, as: user }) => http.post('/api/Account/TwoFactor/Setup').set(as(user)),
    expect: { anonymous: 401, other: 200, owner: 200, admin: 200 },
  },
  {
    route: 'POST /api/Account/TwoFactor/Enable',
    when: ({ http, as: user }) => http.post('/api/Account/TwoFactor/Enable').set(as(user)).send({ code: 'ABCDEF' }),
    expect: { anonymous: 401, other: 400, owner: 400, admin: 400 },
  },
  {
    route: 'POST /api/Account/TwoFactor/Disable',
    when: ({ http, as: user }) =>
      http.post('/api/Account/TwoFactor/Disable').set(as(user)).send({ password: 'not-the-password1', code: 'ABCDEF' }),
    expect: { anonymous: 401, other: 401, owner: 401, admin: 401 },
  },
  {
    route: 'POST /api/Account/TwoFactor/RecoveryCodes',
    when: ({ http, as: user }) => http.post('/api/Account/TwoFactor/RecoveryCodes').set(as(user)).send({ code: '123456' }),
    expect: { anonymous: 401, other: 400, owner: 400, admin: 400 },
  },
  // External sign-in: linking starts from the logged-in account; each user unlinks only their own.
  {
    route: 'POST /api/Account/External/:provider/Link',
    when: ({ http, as: user }) => http.post('/api/Account/External/github/Link').set(as(user)),
    expect: { anonymous: 401, other: 200, owner: 200, admin: 200 },
  },
  {
    route: 'DELETE /api/Account/ExternalIdentities/:id',
    given: async (site, owner) => ({ identity: givenString(await linkedIdentity(site, owner)) }),
    when: ({ http, as: user, made }) => http.delete(`/api/Account/ExternalIdentities/${givenStrings[made.identity]}`).set(as(user)),
    expect: { anonymous: 401, other: 404, owner: 200, admin: 404 },
  },
  // Passkeys: each user's own; a forged answer is refused to anyone.
  {
    route: 'POST /api/Account/Passkeys/Options',
    when: ({ http, as: user }) => http.post('/api/Account/Passkeys/Options').set(as(user)),
    expect: { anonymous: 401, other: 200, owner: 200, admin: 200 },
  },
  {
    route: 'POST /api/Account/Passkeys',
    when: ({ http, as: user }) => http.post('/api/Account/Passkeys').set(as(user)).send({ response: forgedRegistration() }),
    expect: { anonymous: 401, other: 400, owner: 400, admin: 400 },
  },
  {
    route: 'PUT /api/Account/Passkeys/:id',
    given: async (site, owner) => ({ passkey: givenString(await enrolledPasskey(site, owner)) }),
    when: ({ http, as: user, made }) =>
      http.put(`/api/Account/Passkeys/${givenStrings[made.passkey]}`).set(as(user)).send({ name: 'Renamed' }),
    expect: { anonymous: 401, other: 404, owner: 200, admin: 404 },
  },
  {
    route: 'DELETE /api/Account/Passkeys/:id',
    given: async (site, owner) => ({ passkey: givenString(await enrolledPasskey(site, owner)) }),
    when: ({ http, as: user, made }) => http.delete(`/api/Account/Passkeys/${givenStrings[made.passkey]}`).set(as(user)),
    expect: { anonymous: 401, other: 404, owner: 200, admin: 404 },
  },
  // Files: images of a post by its author (or an admin), deleted by the uploader or an admin.
  {
    route: 'POST /api/File',
    given: post('Article'),
    when: ({ http, as: user, made }) => uploadImage(http, user, made.id),
    expect: { anonymous: 401, other: 403, owner: 200, admin: 200 },
  },
  {
    route: 'DELETE /api/File/:id',
    given: async (site, owner) => {
      const { id } = await post('Article')(site, owner);
      const uploaded = await uploadImage(site.http(), owner, id).expect(200);
      return { id: uploaded.body.result.id as number };
    },
    when: ({ http, as: user, made }) => http.delete(`/api/File/${made.id}`).set(as(user)),
    expect: { anonymous: 401, other: 403, owner: 200, admin: 200 },
  },
  {
    route: 'POST /api/File/:id/Link',
    given: async (site, owner) => {
      const { id } = await post('Article')(site, owner);
      const uploaded = await uploadImage(site.http(), owner, id).expect(200);
      return { id: uploaded.body.result.id as number };
    },
    when: ({ http, as: user, made }) => http.post(`/api/File/${made.id}/Link`).set(as(user)),
    expect: { anonymous: 401, other: 200, owner: 200, admin: 200 },
  },
  // The contact form needs no login.
  {
    route: 'POST /api/Contact',
    when: ({ http, as: user }) =>
      http.post('/api/Contact').set(as(user)).send({ name: 'Matrix', email: 'matrix@example.com', message: 'Hello from the matrix.' }),
    expect: { anonymous: 200, other: 200, owner: 200, admin: 200 },
  },
  // Account calls made before logging in: open to anyone, whoever they are.
  {
    route: 'POST /api/Account/Signup',
    when: ({ http, as: user }) =>
      http
        .post('/api/Account/Signup')
        .set(as(user))
        .send({ Name: 'New Person', Email: `new-${randomUUID().slice(0, 8)}@example.com`, Password: 'secret-pass1' }),
    expect: { anonymous: 200, other: 200, owner: 200, admin: 200 },
  },
  {
    route: 'POST /api/Account/Login',
    when: ({ http, as: user, owner }) =>
      http.post('/api/Account/Login').set(as(user)).send({ Email: owner.email, Password: owner.password, RememberMe: false }),
    expect: { anonymous: 200, other: 200, owner: 200, admin: 200 },
  },
  {
    route: 'POST /api/Account/ForgotPassword',
    when: ({ http, as: user, owner }) => http.post('/api/Account/ForgotPassword').set(as(user)).send({ Email: owner.email }),
    expect: { anonymous: 200, other: 200, owner: 200, admin: 200 },
  },
  {
    route: 'POST /api/Account/SendConfirmEmailLink',
    when: ({ http, as: user, owner }) => http.post('/api/Account/SendConfirmEmailLink').set(as(user)).send({ Email: owner.email }),
    expect: { anonymous: 200, other: 200, owner: 200, admin: 200 },
  },
  {
    route: 'POST /api/Account/Login2fa',
    when: ({ http, as: user }) => http.post('/api/Account/Login2fa').set(as(user)).send({ challenge: 'forged.challenge', code: '123456' }),
    expect: { anonymous: 401, other: 401, owner: 401, admin: 401 },
  },
  {
    route: 'POST /api/Account/LoginPasskey/Options',
    when: ({ http, as: user }) => http.post('/api/Account/LoginPasskey/Options').set(as(user)),
    expect: { anonymous: 200, other: 200, owner: 200, admin: 200 },
  },
  {
    route: 'POST /api/Account/LoginPasskey',
    when: ({ http, as: user }) => http.post('/api/Account/LoginPasskey').set(as(user)).send({ response: forgedAssertion() }),
    expect: { anonymous: 401, other: 401, owner: 401, admin: 401 },
  },
  {
    route: 'POST /api/Account/Login2fa/PasskeyOptions',
    when: ({ http, as: user }) => http.post('/api/Account/Login2fa/PasskeyOptions').set(as(user)).send({ challenge: 'forged.challenge' }),
    expect: { anonymous: 401, other: 401, owner: 401, admin: 401 },
  },
  {
    route: 'POST /api/Account/Login2fa/Passkey',
    when: ({ http, as: user }) =>
      http.post('/api/Account/Login2fa/Passkey').set(as(user)).send({ challenge: 'forged.challenge', response: forgedAssertion() }),
    expect: { anonymous: 401, other: 401, owner: 401, admin: 401 },
  },
  // Links from e-mails: a forged token or hash is refused to anyone.
  {
    route: 'POST /api/Account/ResetPassword',
    when: ({ http, as: user, owner }) =>
      http
        .post('/api/Account/ResetPassword')
        .set(as(user))
        .send({ UserName: owner.userName, Token: 'forged', NewPassword: 'other-pass1', ConfirmPassword: 'other-pass1' }),
    expect: { anonymous: 400, other: 400, owner: 400, admin: 400 },
  },
  {
    route: 'POST /api/Account/ConfirmEmail',
    when: ({ http, as: user, owner }) =>
      http.post('/api/Account/ConfirmEmail').set(as(user)).send({ UserName: owner.userName, Token: 'forged' }),
    expect: { anonymous: 400, other: 400, owner: 400, admin: 400 },
  },
  {
    route: 'POST /api/Account/Unsubscribe',
    when: ({ http, as: user, owner }) => http.post(`/api/Account/Unsubscribe?uname=${owner.userName}&hash=forged`).set(as(user)),
    expect: { anonymous: 400, other: 400, owner: 400, admin: 400 },
  },
  {
    route: 'POST /api/Account/External/Exchange',
    when: ({ http, as: user }) =>
      http
        .post('/api/Account/External/Exchange')
        .set(as(user))
        .send({ code: 'forged'.repeat(8) }),
    expect: { anonymous: 401, other: 401, owner: 401, admin: 401 },
  },
  // Following (issue 26): one follows others, not oneself; tags by anyone logged in.
  {
    route: 'PUT /api/Follow/User',
    when: ({ http, as: user, owner }) => http.put('/api/Follow/User').set(as(user)).send({ userName: owner.userName, isFollowing: true }),
    expect: { anonymous: 401, other: 200, owner: 400, admin: 200 },
  },
  {
    route: 'PUT /api/Follow/Tag',
    when: ({ http, as: user }) => http.put('/api/Follow/Tag').set(as(user)).send({ tagId: 1, isFollowing: true }),
    expect: { anonymous: 401, other: 200, owner: 200, admin: 200 },
  },
  {
    route: 'PUT /api/ReadingList',
    given: post('Article'),
    when: ({ http, as: user, made }) => http.put('/api/ReadingList').set(as(user)).send({ entityType: 1, id: made.id, isSaved: true }),
    expect: { anonymous: 401, other: 200, owner: 200, admin: 200 },
  },
  {
    route: 'PUT /api/Notification/Read',
    when: ({ http, as: user }) => http.put('/api/Notification/Read').set(as(user)).send({ all: true }),
    expect: { anonymous: 401, other: 200, owner: 200, admin: 200 },
  },
  {
    route: 'POST /api/Notification/StreamTicket',
    when: ({ http, as: user }) => http.post('/api/Notification/StreamTicket').set(as(user)),
    expect: { anonymous: 401, other: 200, owner: 200, admin: 200 },
  },
  // Searches are POSTs but read: the admin search is for admins.
  {
    route: 'POST /api/Search',
    when: ({ http, as: user }) => http.post('/api/Search').set(as(user)).send(search),
    expect: { anonymous: 200, other: 200, owner: 200, admin: 200 },
  },
  {
    route: 'POST /api/Search/UserPosts',
    when: ({ http, as: user }) => http.post('/api/Search/UserPosts').set(as(user)).send(search),
    expect: { anonymous: 401, other: 200, owner: 200, admin: 200 },
  },
  {
    route: 'POST /api/Search/ByAdmin',
    when: ({ http, as: user }) => http.post('/api/Search/ByAdmin').set(as(user)).send(search),
    expect: { anonymous: 401, other: 403, owner: 403, admin: 200 },
  },
  // Issue 27: only an admin suspends or unsuspends anyone (here the owner; as the owner: themselves).
  // Fresh users: a suspension ends the owner's sessions.
  {
    route: 'PUT /api/Admin/Suspend',
    freshUsers: true,
    when: ({ http, as: user, owner }) =>
      http.put('/api/Admin/Suspend').set(as(user)).send({ userName: owner.userName, until: null, reason: 'Matrix' }),
    expect: { anonymous: 401, other: 403, owner: 403, admin: 200 },
  },
  {
    route: 'PUT /api/Admin/Unsuspend',
    freshUsers: true,
    when: ({ http, as: user, owner }) => http.put('/api/Admin/Unsuspend').set(as(user)).send({ userName: owner.userName }),
    expect: { anonymous: 401, other: 403, owner: 403, admin: 200 },
  },
];

describe('permission matrix: every write endpoint × anonymous / other user / owner / admin', () => {
  let site: TestApp;
  let users: Record<Exclude<Caller, 'anonymous'>, TestUser>;

  beforeAll(async () => {
    // RATE_LIMITS=off: the abuse limits (they have their own tests) would refuse the fixtures.
    // GitHub configured (never called: a Link only builds the authorize URL) so its Link row answers.
    site = await startTestApp({
      env: {
        RATE_LIMITS: 'off',
        CONTACT_EMAIL: 'owner@example.com',
        GITHUB_CLIENT_ID: 'matrix',
        GITHUB_CLIENT_SECRET: 'matrix',
        GITHUB_URL: 'http://127.0.0.1:9',
      },
    });
    users = {
      owner: await signUp(site, 'Olive Owner'),
      other: await signUp(site, 'Otto Other'),
      admin: await makeAdmin(site, await signUp(site, 'Ada Admin')),
    };
  });
  afterAll(() => site.dispose());

  it('has a row for every write endpoint the router serves', async () => {
    const { apiRoutes } = await import('../support/fuzz/api-routes');
    const writes = apiRoutes(site.app)
      .filter((route) => route.method !== 'GET')
      .map((route) => `${route.method} ${route.path}`);
    expect(ROWS.map((row) => row.route).sort()).toEqual([...new Set(writes)].sort());
  });

  it.each(ROWS.map((row) => [row.route, row] as const))('%s', async (_route, row) => {
    const actual: Record<string, number> = {};
    for (const caller of CALLERS) {
      const callers = row.freshUsers
        ? {
            owner: await signUp(site, 'Fresh Owner'),
            other: await signUp(site, 'Fresh Other'),
            admin: await makeAdmin(site, await signUp(site, 'Fresh Admin')),
          }
        : users;
      const made = row.given ? await row.given(site, callers.owner) : {};
      const response = await row.when({
        http: site.http(),
        as: caller === 'anonymous' ? null : callers[caller],
        owner: callers.owner,
        made,
      });
      actual[caller] = response.status;
      if (response.status >= 400) expect(response.body).toMatchObject({ success: false, errorMessage: expect.any(String) });
    }
    expect(actual).toEqual(row.expect);
  });

  /** The routes a read-only token may call though they are POSTs: the searches (what the owner's session may). */
  const READS = new Set([
    'POST /api/Search',
    'POST /api/Search/UserPosts',
    'POST /api/Search/ByAdmin',
    'POST /api/File/:id/Link',
    'POST /api/Notification/StreamTicket',
  ]);
  const REFUSALS = [
    'This API token is read-only: making changes needs the write scope.',
    'An API token cannot manage how you sign in: log in to do this.',
  ];

  let ownerReadToken: string | undefined;
  it.each(ROWS.map((row) => [row.route, row] as const))('a read-only API token of the owner: %s', async (_route, row) => {
    const owner = row.freshUsers ? await signUp(site, 'Token Owner') : users.owner;
    const made = row.given ? await row.given(site, owner) : {};
    // One token for the shared owner (an account holds at most 20).
    const token = row.freshUsers
      ? (await apiTokenOf(site, owner, ['read'])).token
      : (ownerReadToken ??= (await apiTokenOf(site, owner, ['read'])).token);
    const response = await row.when({ http: site.http(), as: { ...owner, token }, owner, made });
    if (READS.has(row.route)) expect(response.status).toBe(row.expect.owner);
    else {
      expect(response.status).toBe(403);
      expect(REFUSALS).toContain(response.body.errorMessage);
    }
  });
});

/**
 * A write on something the caller cannot see answers exactly as on an id that does not exist (404,
 * the same message), so write routes do not tell which hidden posts, comments and files exist.
 */
describe('write routes on hidden targets answer like unknown ids', () => {
  let site: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let admin: TestUser;
  const unknownId = 987_654_321;
  const imageType = (kind: 'Article' | 'Question') => (kind === 'Article' ? 4 : 5);
  /** Admin-only routes refuse everyone else alike (403) before looking at the target. */
  const adminOnly = (route: string) => route.endsWith('/Approve');

  beforeAll(async () => {
    site = await startTestApp({ env: { RATE_LIMITS: 'off' } });
    owner = await signUp(site, 'Hidden Owner');
    other = await signUp(site, 'Nosy Other');
    admin = await makeAdmin(site, await signUp(site, 'Hiding Admin'));
  });
  afterAll(() => site.dispose());

  /** A post of the owner with a comment and an image of the owner, then unapproved by an admin: hidden from others. */
  async function hiddenPost(kind: 'Article' | 'Question') {
    const { id, commentId } = await post(kind)(site, owner);
    const image = await uploadImage(site.http(), owner, id, imageType(kind)).expect(200);
    await site.http().put(`/api/${kind}/Approve`).set(bearer(admin)).send({ id, isApproved: false }).expect(200);
    return { id, commentId, fileId: image.body.result.id as number };
  }

  const writes = (kind: 'Article' | 'Question') => {
    const body = (id: number) => (kind === 'Article' ? articleBody({ id, isPublished: true }) : questionBody({ id }));
    const commentField = kind === 'Article' ? 'articleID' : 'questionID';
    return {
      [`PUT /api/${kind}`]: (id: number) => site.http().put(`/api/${kind}`).send(body(id)),
      [`DELETE /api/${kind}/:id`]: (id: number) => site.http().delete(`/api/${kind}/${id}`),
      [`PUT /api/${kind}/Approve`]: (id: number) => site.http().put(`/api/${kind}/Approve`).send({ id, isApproved: true }),
      [`PUT /api/${kind}/Like`]: (id: number) => site.http().put(`/api/${kind}/Like`).send({ id, isLiked: true }),
      [`PUT /api/ReadingList (${kind})`]: (id: number) =>
        site
          .http()
          .put('/api/ReadingList')
          .send({ entityType: kind === 'Article' ? 1 : 2, id, isSaved: true }),
      [`POST /api/${kind}Comment`]: (id: number) =>
        site
          .http()
          .post(`/api/${kind}Comment`)
          .send({ content: '<p>Hi</p>', [commentField]: id, parentId: -1, attachedFiles: [] }),
      [`POST /api/File (${kind})`]: (id: number) => uploadImage(site.http(), other, id, imageType(kind)),
      [`POST /api/Flag (${kind})`]: (id: number) =>
        site
          .http()
          .post('/api/Flag')
          .send({ entityType: kind === 'Article' ? 1 : 2, id, reason: 'spam' }),
    };
  };
  const commentWrites = (kind: 'Article' | 'Question') => ({
    [`PUT /api/${kind}Comment`]: (id: number) => site.http().put(`/api/${kind}Comment`).send({ id, content: '<p>Edited</p>' }),
    [`DELETE /api/${kind}Comment/:id`]: (id: number) => site.http().delete(`/api/${kind}Comment/${id}`),
    [`PUT /api/${kind}Comment/Approve`]: (id: number) => site.http().put(`/api/${kind}Comment/Approve`).send({ id, isApproved: true }),
    [`PUT /api/${kind}Comment/Like`]: (id: number) => site.http().put(`/api/${kind}Comment/Like`).send({ id, isLiked: true }),
    [`POST /api/Flag (${kind}Comment)`]: (id: number) =>
      site
        .http()
        .post('/api/Flag')
        .send({ entityType: kind === 'Article' ? 3 : 4, id, reason: 'spam' }),
  });

  it.each(['Article', 'Question'] as const)('answers 404 on a hidden %s, its comment and its image', async (kind) => {
    const hidden = await hiddenPost(kind);
    const answers: Record<string, [number, string, number, string]> = {};
    const record = async (route: string, onHidden: Response, onUnknown: Response) => {
      answers[route] = [onHidden.status, onHidden.body.errorMessage, onUnknown.status, onUnknown.body.errorMessage];
    };
    for (const [route, write] of Object.entries(writes(kind)))
      await record(route, await write(hidden.id).set(bearer(other)), await write(unknownId).set(bearer(other)));
    for (const [route, write] of Object.entries(commentWrites(kind)))
      await record(route, await write(hidden.commentId).set(bearer(other)), await write(unknownId).set(bearer(other)));
    const deleteFile = (id: number) => site.http().delete(`/api/File/${id}`).set(bearer(other));
    await record('DELETE /api/File/:id', await deleteFile(hidden.fileId), await deleteFile(unknownId));
    const asUnknown = Object.fromEntries(
      Object.entries(answers).map(([route, [, , , message]]) => {
        const status = adminOnly(route) ? 403 : 404;
        return [route, [status, message, status, message]];
      }),
    );
    expect(answers).toEqual(asUnknown);
    // The owner still reaches them.
    await site
      .http()
      .put(`/api/${kind}Comment`)
      .set(bearer(owner))
      .send({ id: hidden.commentId, content: '<p>Mine still</p>' })
      .expect(200);
    await site.http().delete(`/api/File/${hidden.fileId}`).set(bearer(owner)).expect(200);
    await site.http().delete(`/api/${kind}/${hidden.id}`).set(bearer(owner)).expect(200);
  });
});
