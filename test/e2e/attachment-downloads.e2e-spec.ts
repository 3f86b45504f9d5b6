import { randomBytes } from 'node:crypto';
import { samplePdf } from '@app/testing';
import { bearer, makeAdmin, signUp, type TestUser } from '../support/accounts';
import { articleBody, createPost } from '../support/posts';
import { startTestApp, type TestApp } from '../support/test-app';

const LOGIN_TO_DOWNLOAD = 'Please Login to download this attachment';
const LINK_EXPIRED = 'This download link has expired: open the post and click the attachment again.';

/** 5 MB of text (the largest upload), letters only so it is valid UTF-8 text. */
const fiveMegabytes = () => Buffer.from(randomBytes(5 * 1024 * 1024).map((byte) => 97 + (byte % 26)));

/** Binary bodies: supertest buffers unknown types only with a parser (the response is a stream at run time). */
const binary = (response: unknown, callback: (error: Error | null, body: Buffer) => void) => {
  const stream = response as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => callback(null, Buffer.concat(chunks)));
};

/** Issue 25: attachments as downloads at /File/{id}/{fileDisplayName} (SPEC §7 'Served files'). */
describe('GET /File/{id}/{fileDisplayName}: attachments as downloads', () => {
  let site: TestApp;
  let owner: TestUser;
  let reader: TestUser;
  let admin: TestUser;
  let publishedId: number;
  let draftId: number;
  const clock = { now: Date.now() };

  beforeAll(async () => {
    site = await startTestApp({ clock: () => new Date(clock.now) });
    owner = await signUp(site, 'Ada Author');
    reader = await signUp(site, 'Rita Reader');
    admin = await makeAdmin(site, await signUp(site, 'Root Admin'));
    publishedId = await createPost(site, 'Article', owner, articleBody({ isPublished: true }));
    draftId = await createPost(site, 'Article', owner, articleBody({ isPublished: false }));
  });
  afterAll(() => site.dispose());

  const as = (user: TestUser | null) => (user ? bearer(user) : {});
  const upload = async (fields: Record<string, string | number>, bytes: Buffer, name: string) => {
    let call = site.http().post('/api/File').set(bearer(owner));
    for (const [field, value] of Object.entries(fields)) call = call.field(field, String(value));
    const response = await call.attach('file', bytes, name);
    if (response.status !== 200) throw new Error(`Upload failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.result as { id: number; fileDisplayName: string };
  };
  const attach = (postId: number, bytes = samplePdf(), displayName = 'Slides') =>
    upload({ AttachmentTypeId: 2, FileDisplayName: displayName, Instructions: '', ReferenceId: postId }, bytes, 'file.pdf');
  const get = (path: string, user: TestUser | null = null) => site.http().get(path).set(as(user)).buffer(true).parse(binary);
  const linkFor = async (id: number, user: TestUser) =>
    ((await site.http().post(`/api/File/${id}/Link`).set(bearer(user)).expect(200)).body.result as { url: string }).url;

  it('streams the file as an attachment with its type, name (RFC 5987), length, ETag and private caching', async () => {
    const bytes = samplePdf();
    const { id } = await attach(publishedId, bytes, 'Résumé — slides');
    const response = await get(`/File/${id}/anything`, reader).expect(200);
    expect(response.body.equals(bytes)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(bytes.length),
      'accept-ranges': 'bytes',
      'cache-control': 'private, no-cache, no-transform',
      'x-content-type-options': 'nosniff',
      etag: expect.stringMatching(/^"[0-9a-f-]+\.pdf"$/),
    });
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Résumé ? slides.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%E2%80%94%20slides.pdf`,
    );
    // A conditional request for the same bytes: 304, after the same permission check.
    await get(`/File/${id}/x`, reader).set('If-None-Match', response.headers.etag).expect(304);
    await get(`/File/${id}/x`).set('If-None-Match', response.headers.etag).expect(401);
  });

  it('serves byte ranges (206) of a 5 MB file, refuses ranges past its end (416), and ignores a stale If-Range', async () => {
    const bytes = fiveMegabytes();
    const { id } = await upload(
      { AttachmentTypeId: 2, FileDisplayName: 'Big notes', Instructions: '', ReferenceId: publishedId },
      bytes,
      'big.txt',
    );
    const whole = await get(`/File/${id}/Big%20notes.txt`, reader).expect(200);
    expect(whole.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(whole.body.length).toBe(bytes.length);
    expect(whole.body.equals(bytes)).toBe(true);

    const middle = await get(`/File/${id}/x`, reader).set('Range', 'bytes=1000000-1999999').expect(206);
    expect(middle.headers['content-range']).toBe(`bytes 1000000-1999999/${bytes.length}`);
    expect(middle.headers['content-length']).toBe('1000000');
    expect(middle.body.equals(bytes.subarray(1_000_000, 2_000_000))).toBe(true);

    const tail = await get(`/File/${id}/x`, reader).set('Range', 'bytes=-100').expect(206);
    expect(tail.body.equals(bytes.subarray(bytes.length - 100))).toBe(true);
    const resumed = await get(`/File/${id}/x`, reader)
      .set('Range', `bytes=${bytes.length - 10}-`)
      .set('If-Range', whole.headers.etag)
      .expect(206);
    expect(resumed.body.equals(bytes.subarray(bytes.length - 10))).toBe(true);

    const beyond = await get(`/File/${id}/x`, reader).set('Range', `bytes=${bytes.length}-`).expect(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${bytes.length}`);
    expect(JSON.parse(beyond.body.toString())).toMatchObject({ success: false, result: null });
    // If-Range naming other bytes: the whole file, not a piece of the wrong one.
    await get(`/File/${id}/x`, reader).set('Range', 'bytes=0-9').set('If-Range', '"other.txt"').expect(200);
    // HEAD: the headers alone.
    const head = await site.http().head(`/File/${id}/x`).set(bearer(reader)).expect(200);
    expect(head.headers['content-length']).toBe(String(bytes.length));
  });

  it('checks who may read: logged-in readers of a visible post; the author and admins otherwise (404, never a hint)', async () => {
    const visible = await attach(publishedId);
    const hidden = await attach(draftId);
    const document = await upload(
      { AttachmentTypeId: 1, Instructions: 'Please polish', ReferenceId: 0 },
      Buffer.from('My draft\n'),
      'draft.txt',
    );
    const matrix: Array<[string, number, TestUser | null, number]> = [
      ['published post, anonymous', visible.id, null, 401],
      ['published post, a reader', visible.id, reader, 200],
      ['published post, the author', visible.id, owner, 200],
      ['published post, an admin', visible.id, admin, 200],
      ['draft post, anonymous', hidden.id, null, 401],
      ['draft post, a reader', hidden.id, reader, 404],
      ['draft post, the author', hidden.id, owner, 200],
      ['draft post, an admin', hidden.id, admin, 200],
      ['document, a reader', document.id, reader, 404],
      ['document, the uploader', document.id, owner, 200],
      ['document, an admin', document.id, admin, 200],
      ['unknown file, a reader', 987_654_321, reader, 404],
    ];
    const answered = [];
    for (const [row, id, user] of matrix) answered.push([row, id, user, (await get(`/File/${id}/name`, user)).status]);
    expect(answered).toEqual(matrix);
    expect(JSON.parse((await get(`/File/${visible.id}/x`).expect(401)).body.toString())).toMatchObject({
      success: false,
      errorMessage: LOGIN_TO_DOWNLOAD,
    });
    await get('/File/abc/x', reader).expect(404);
  });

  it('lets a browser download through a short-lived signed link, for that file and reader only', async () => {
    const visible = await attach(publishedId, samplePdf(), 'Deck');
    const hidden = await attach(draftId);
    const url = await linkFor(visible.id, reader);
    expect(url).toMatch(new RegExp(`^/File/${visible.id}/Deck\\.pdf\\?access=[\\w-]+\\.[\\w-]+$`));
    // No bearer token: the link alone.
    const response = await get(url).expect(200);
    expect(response.body.equals(samplePdf())).toBe(true);

    // Only the reader's right is lent: no link to a file they cannot read.
    await site.http().post(`/api/File/${hidden.id}/Link`).set(bearer(reader)).expect(404);
    await site.http().post(`/api/File/${visible.id}/Link`).expect(401);
    // A link names its file, and its signature holds.
    const token = new URL(url, 'http://site').searchParams.get('access') ?? '';
    await get(`/File/${hidden.id}/x?access=${token}`).expect(401);
    await get(`/File/${visible.id}/x?access=${token.slice(0, -2)}xx`).expect(401);
    // The right is checked again at download time: the post unpublished, the reader's link stops working.
    const ownerLink = await linkFor(visible.id, owner);
    const readerLink = await linkFor(visible.id, reader);
    await site
      .http()
      .put('/api/Article')
      .set(bearer(owner))
      .send(articleBody({ id: publishedId, isPublished: false }))
      .expect(200);
    await get(readerLink).expect(404);
    await get(ownerLink).expect(200);
    await site
      .http()
      .put('/api/Article')
      .set(bearer(owner))
      .send(articleBody({ id: publishedId, isPublished: true }))
      .expect(200);
    // Ten minutes later the link is spent.
    clock.now += 10 * 60 * 1000 + 1000;
    expect(JSON.parse((await get(readerLink).expect(401)).body.toString())).toMatchObject({ errorMessage: LINK_EXPIRED });
  });
});
