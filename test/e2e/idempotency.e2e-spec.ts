import { createHash, randomUUID } from 'node:crypto';
import { firstSearchPager, IDEMPOTENCY_MESSAGES } from '@app/contracts';
import type { EventStore } from '@app/event-store';
import type { ReadDocument, ReadStore } from '@app/read-store';
import { samplePng } from '@app/testing';
import { basicInfo } from '../support/profiles';
import { EVENT_STORE, READ_STORE } from '@app/api';
import { IDEMPOTENCY_COLLECTION, IDS_PER_KEY, IdempotencyRecords } from '@app/api/idempotency/idempotency-records';
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
  const readStore = () => site.app.get<ReadStore>(READ_STORE);
  const keptKeys = () => readStore().count(IDEMPOTENCY_COLLECTION);
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
    const events = await eventCount();
    const responses = await Promise.all(Array.from({ length: 6 }, () => postArticle(key)));
    const ran = responses.filter((response) => response.status === 200 && response.headers['idempotent-replayed'] === undefined);
    expect(ran).toHaveLength(1);
    for (const response of responses) {
      if (response.status === 409) expect(response.body).toMatchObject({ success: false, errorMessage: IDEMPOTENCY_MESSAGES.inFlight });
      else expect(response.body).toEqual(ran[0].body);
    }
    const appended = (await site.app.get<EventStore>(EVENT_STORE).readAll({})).slice(events);
    expect(appended.filter((event) => event.type === 'ArticleDrafted')).toHaveLength(1);
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

  it('covers PUT, DELETE and likes', async () => {
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

  it('a retry after a crash between the append and its stored answer creates nothing new and answers the same id', async () => {
    const key = randomUUID();
    const id = (await postArticle(key).expect(200)).body.result as number;
    // The crash: the answer never reached the key, and the attempt's lease ran out.
    const documents = await readStore().find<KeptKey>(IDEMPOTENCY_COLLECTION);
    const claim = documents.find((document) => document.firstId <= id && id < document.firstId + IDS_PER_KEY)!;
    await readStore().transaction((tx) =>
      tx.upsert(IDEMPOTENCY_COLLECTION, { ...claim, state: 'in-flight', lockedUntil: 0, sealed: null }),
    );
    const events = await eventCount();
    const retry = await postArticle(key).expect(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(retry.body.result).toBe(id);
    expect(await eventCount()).toBe(events);
    expect((await postArticle(key).expect(200)).headers['idempotent-replayed']).toBe('true');
  });

  it('keeps no plain hash of a body: a guess loop over the stored fingerprints finds nothing', async () => {
    // The attack: the fingerprint was SHA-256 of [method, url, canonical body], so guessing the body (a password) found the row.
    const body = articleBody({ title: 'A guessable title' });
    await postArticle(randomUUID(), body).expect(200);
    const stored = (await readStore().find<KeptKey>(IDEMPOTENCY_COLLECTION)).map((document) => document.fingerprint);
    for (const title of ['A wrong guess', 'A guessable title']) {
      const guess = createHash('sha256')
        .update(JSON.stringify(['POST', '/api/Article', sortedKeys({ ...body, title })]))
        .digest('hex');
      expect(stored).not.toContain(guess);
    }
  });

  it('takes no key on credential calls: login, signup and erasure keep nothing and run each time', async () => {
    const before = await keptKeys();
    const key = randomUUID();
    const login = (password: string) =>
      site
        .http()
        .post('/api/Account/Login')
        .set('Idempotency-Key', key)
        .send({ Email: owner.email, Password: password, RememberMe: false });
    expect((await login(owner.password).expect(200)).headers['idempotent-replayed']).toBeUndefined();
    expect((await login(owner.password).expect(200)).headers['idempotent-replayed']).toBeUndefined();
    expect((await login('wrong-password1')).status).toBeGreaterThanOrEqual(400);
    const signup = { Name: 'Sam Signup', Email: `sam-${key.slice(0, 8)}@example.com`, Password: 'secret-pass1' };
    await site.http().post('/api/Account/Signup').set('Idempotency-Key', key).send(signup).expect(200);
    // It ran again (and was refused on facts), instead of replaying the first answer.
    const again = await site.http().post('/api/Account/Signup').set('Idempotency-Key', key).send(signup);
    expect(again.status).toBe(409);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    const erased = await signUp(site, 'Eve Erased');
    await site.http().delete('/api/User').set(bearer(erased)).set('Idempotency-Key', key).send({ Password: erased.password }).expect(200);
    expect(await keptKeys()).toBe(before);
  });

  it('takes no key on the searches: answered as without one (the public cache), nothing kept', async () => {
    const before = await keptKeys();
    const search = (headers: Record<string, string>) =>
      site
        .http()
        .post('/api/Search')
        .set(headers)
        .send({ searchString: 'idempotent', orderByAsc: false, pager: firstSearchPager(false, 10) })
        .expect(200);
    const plain = await search({});
    const key = randomUUID();
    const keyed = await search({ 'Idempotency-Key': key });
    const again = await search({ 'Idempotency-Key': key });
    expect(keyed.body.result).toEqual(plain.body.result);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    await site
      .http()
      .post('/api/Search/UserPosts')
      .set(bearer(owner))
      .set('Idempotency-Key', key)
      .send({ searchString: '', orderByAsc: false, pager: firstSearchPager(false, 10) });
    expect(await keptKeys()).toBe(before);
  });

  it('limits anonymous requests with a key per address', async () => {
    const limited = await startTestApp({ env: { RATE_LIMITS: 'anonymous-idempotency-key=3/1h' } });
    try {
      // A flood of anonymous keyed commands (each kept a day) is cut off; the request itself is refused on facts here.
      const unsubscribe = () =>
        limited.http().post('/api/Account/Unsubscribe?uname=nobody&hash=not-a-hash').set('Idempotency-Key', randomUUID());
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 5; attempt += 1) statuses.push((await unsubscribe()).status);
      expect(statuses.slice(0, 3)).not.toContain(429);
      expect(statuses.slice(3)).toEqual([429, 429]);
      expect(await limited.app.get<ReadStore>(READ_STORE).count(IDEMPOTENCY_COLLECTION)).toBe(0);
      // Without a key the same request is not counted.
      expect((await limited.http().post('/api/Account/Unsubscribe?uname=nobody&hash=not-a-hash')).status).not.toBe(429);
    } finally {
      await limited.dispose();
    }
  });

  it('purges every expired key, not a thousand an hour', async () => {
    const expired = Date.now() - 1;
    await readStore().transaction(async (tx) => {
      for (let index = 0; index < 2_500; index += 1) {
        await tx.upsert(IDEMPOTENCY_COLLECTION, {
          id: `expired-${index}`,
          fingerprint: 'f',
          state: 'done',
          lockedUntil: 0,
          expiresAt: expired,
          firstId: index,
          sealed: null,
        });
      }
    });
    expect(await site.app.get(IdempotencyRecords).purgeExpired()).toBeGreaterThanOrEqual(2_500);
    expect(await readStore().count(IDEMPOTENCY_COLLECTION, { expiresAt: { $lte: expired } })).toBe(0);
  });

  it("an erased account's kept answers open for nobody, key in hand or not", async () => {
    const ada = await signUp(site, 'Ada Erased');
    const key = randomUUID();
    const body = basicInfo();
    await site.http().put('/api/User').set(bearer(ada)).set('Idempotency-Key', key).send(body).expect(200);
    const records = site.app.get(IdempotencyRecords);
    const fingerprint = records.fingerprint(['PUT', '/api/User', sortedKeys(body)]);
    expect((await records.claim(ada.accountId, key, fingerprint)).outcome).toBe('replay');
    await site.http().delete('/api/User').set(bearer(ada)).send({ Password: ada.password }).expect(200);
    expect(await records.claim(ada.accountId, key, fingerprint)).toEqual({ outcome: 'mismatch' });
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

interface KeptKey extends ReadDocument {
  fingerprint: string;
  firstId: number;
}

/** JSON with object keys sorted, as the interceptor fingerprints a body. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
  );
}
