import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_MESSAGES } from '@app/contracts';
import type { EventStore } from '@app/event-store';
import { samplePng } from '@app/testing';
import { EVENT_STORE } from '@app/api';
import { bearer, signUp, type TestUser } from '../support/accounts';
import { articleBody } from '../support/posts';
import { startTestApp, type TestApp } from '../support/test-app';

/** Idempotency-Key: a retried command answers as the first time and records nothing twice. */
describe('Idempotency-Key', () => {
  let site: TestApp;
  let owner: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    // The abuse limits have their own tests; these sign several people up from one address.
    site = await startTestApp({ env: { RATE_LIMITS: 'off' } });
    owner = await signUp(site, 'Ida Idempotent');
    other = await signUp(site, 'Otto Other');
  });
  afterAll(() => site.dispose());

  const eventCount = async () => (await site.app.get<EventStore>(EVENT_STORE).readAll({})).length;
  const postArticle = (key: string, body: object = articleBody(), user = owner) =>
    site.http().post('/api/Article').set(bearer(user)).set('Idempotency-Key', key).send(body);

  it('answers a retry with the first response and records the post once', async () => {
    const key = randomUUID();
    const first = await postArticle(key).expect(200);
    const events = await eventCount();
    const retry = await postArticle(key).expect(200);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await eventCount()).toBe(events);
    // Keys order-insensitive bodies alike.
    const reordered = Object.fromEntries(Object.entries(articleBody()).reverse());
    expect((await postArticle(key, reordered).expect(200)).body).toEqual(first.body);
  });

  it('refuses the same key on another request with 422', async () => {
    const key = randomUUID();
    await postArticle(key).expect(200);
    const events = await eventCount();
    const response = await postArticle(key, articleBody({ title: 'Another title entirely' })).expect(422);
    expect(response.body).toMatchObject({ success: false, errorMessage: IDEMPOTENCY_MESSAGES.otherRequest });
    expect(await eventCount()).toBe(events);
  });

  it('answers duplicates sent at once with 409 or the first response, and records once', async () => {
    const key = randomUUID();
    const signup = { Name: 'Rita Racing', Email: `rita-${key.slice(0, 8)}@example.com`, Password: 'secret-pass1' };
    const events = await eventCount();
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => site.http().post('/api/Account/Signup').set('Idempotency-Key', key).send(signup)),
    );
    const ran = responses.filter((response) => response.status === 200 && response.headers['idempotent-replayed'] === undefined);
    expect(ran).toHaveLength(1);
    for (const response of responses) {
      if (response.status === 409) expect(response.body).toMatchObject({ success: false, errorMessage: IDEMPOTENCY_MESSAGES.inFlight });
      else expect(response.body).toEqual(ran[0].body);
    }
    const appended = (await site.app.get<EventStore>(EVENT_STORE).readAll({})).slice(events);
    expect(appended.filter((event) => event.type === 'AccountRegistered')).toHaveLength(1);
  });

  it('keeps keys per caller', async () => {
    const key = randomUUID();
    const mine = await postArticle(key).expect(200);
    const theirs = await postArticle(key, articleBody(), other).expect(200);
    expect(theirs.body.result).not.toBe(mine.body.result);
  });

  it('keeps nothing for a failed request: its retry runs again', async () => {
    const key = randomUUID();
    await postArticle(key, articleBody({ title: '' })).expect(400);
    await postArticle(key, articleBody({ title: '' })).expect(400);
    const fixed = await postArticle(key).expect(200);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses a malformed key with 400', async () => {
    const response = await postArticle('x'.repeat(256)).expect(400);
    expect(response.body).toMatchObject({ success: false, errorMessage: IDEMPOTENCY_MESSAGES.invalidKey });
  });

  it('covers PUT, DELETE, anonymous signup and likes', async () => {
    const id = (await postArticle(randomUUID()).expect(200)).body.result as number;
    await site
      .http()
      .put('/api/Article')
      .set(bearer(owner))
      .send(articleBody({ id, isPublished: true }))
      .expect(200);
    const likeKey = randomUUID();
    const like = () => site.http().put('/api/Article/Like').set(bearer(other)).set('Idempotency-Key', likeKey).send({ id, isLiked: true });
    const liked = await like().expect(200);
    expect((await like().expect(200)).body).toEqual(liked.body);

    const signupKey = randomUUID();
    const signup = { Name: 'Sam Signup', Email: `sam-${signupKey.slice(0, 8)}@example.com`, Password: 'secret-pass1' };
    const first = await site.http().post('/api/Account/Signup').set('Idempotency-Key', signupKey).send(signup);
    expect([200, 201]).toContain(first.status);
    const again = await site.http().post('/api/Account/Signup').set('Idempotency-Key', signupKey).send(signup);
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);

    const deleteKey = randomUUID();
    const removed = await site.http().delete(`/api/Article/${id}`).set(bearer(owner)).set('Idempotency-Key', deleteKey).expect(200);
    const events = await eventCount();
    const removedAgain = await site.http().delete(`/api/Article/${id}`).set(bearer(owner)).set('Idempotency-Key', deleteKey).expect(200);
    expect(removedAgain.body).toEqual(removed.body);
    expect(await eventCount()).toBe(events);
  });

  it('covers multipart uploads: same file and fields replay, another file is refused', async () => {
    const articleId = (await postArticle(randomUUID()).expect(200)).body.result as number;
    const key = randomUUID();
    const upload = (bytes: Buffer) =>
      site
        .http()
        .post('/api/File')
        .set(bearer(owner))
        .set('Idempotency-Key', key)
        .field('AttachmentTypeId', '4')
        .field('FileDisplayName', 'Diagram')
        .field('Instructions', 'The build pipeline')
        .field('ReferenceId', String(articleId))
        .attach('file', bytes, 'diagram.png');
    const first = await upload(samplePng()).expect(200);
    const events = await eventCount();
    const retry = await upload(samplePng()).expect(200);
    // The multipart route keeps its result inside the envelope: only the envelope's time stamp is new.
    expect(retry.body).toEqual({ ...first.body, timeStamp: expect.any(String) });
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await eventCount()).toBe(events);
    const changed = Buffer.concat([samplePng(), Buffer.from('different tail')]);
    await upload(changed).expect(422);
  });

  it('remembers keys across a restart', async () => {
    const key = randomUUID();
    const first = await postArticle(key).expect(200);
    await site.close();
    site = await startTestApp({ dataDir: site.dataDir, env: { RATE_LIMITS: 'off' } });
    const events = await eventCount();
    const retry = await postArticle(key).expect(200);
    expect(retry.body).toEqual(first.body);
    expect(await eventCount()).toBe(events);
  });
});
