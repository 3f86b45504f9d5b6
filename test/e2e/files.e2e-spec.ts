import { FILE_MESSAGES } from '@app/contracts';
import type { EventStore } from '@app/event-store';
import { samplePdf, samplePng, sampleZip } from '@app/testing';
import {
  POST_VIEW_COLLECTION,
  POST_VIEW_FILES_COLLECTION,
  ProjectionRunner,
  rebuildProjection,
  UPLOADED_DOCUMENTS_COLLECTION,
} from '@app/projections';
import type { ReadStore } from '@app/read-store';
import { EVENT_STORE, READ_STORE } from '@app/api';
import { bearer, makeAdmin, signUp, type TestUser } from '../support/accounts';
import { articleBody, createPost, documentsOf, questionBody } from '../support/posts';
import { startTestApp, type TestApp } from '../support/test-app';

interface Upload {
  bytes: Buffer;
  name: string;
}

const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpe?g|pdf|docx?|txt|zip)$/;
const png = (): Upload => ({ bytes: samplePng(), name: 'diagram.png' });
const pdf = (): Upload => ({ bytes: samplePdf(), name: 'slides.pdf' });
const text = (): Upload => ({ bytes: Buffer.from('Draft article: please polish the intro.\nThanks — Ada\n', 'utf8'), name: 'draft.txt' });
const windowsExecutable = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('This program cannot be run in DOS mode.')]);

/** SPEC §7 'Files' over HTTP in embedded mode: uploads, content checks, downloads, images, deletion. */
describe('files', () => {
  let site: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let articleId: number;

  beforeAll(async () => {
    site = await startTestApp();
    owner = await signUp(site, 'Ada Author');
    other = await signUp(site, 'Olga Other');
    admin = await makeAdmin(site, await signUp(site, 'Root Admin'));
    articleId = await createPost(site, 'Article', owner, articleBody());
  });
  afterAll(() => site.dispose());

  const as = (user: TestUser | null) => (user ? bearer(user) : {});
  const upload = (user: TestUser | null, fields: Record<string, string | number>, file?: Upload) => {
    let call = site.http().post('/api/File').set(as(user));
    for (const [name, value] of Object.entries(fields)) call = call.field(name, String(value));
    return file ? call.attach('file', file.bytes, file.name) : call;
  };
  const imageFields = (referenceId = articleId) => ({
    AttachmentTypeId: 4,
    FileDisplayName: 'Pipeline diagram',
    Instructions: 'The build pipeline',
    ReferenceId: referenceId,
  });
  const attachmentFields = (referenceId = articleId) => ({
    AttachmentTypeId: 2,
    FileDisplayName: 'Slides',
    Instructions: '',
    ReferenceId: referenceId,
  });
  const documentFields = (instructions = 'Please fix the grammar') => ({ AttachmentTypeId: 1, Instructions: instructions, ReferenceId: 0 });
  const uploaded = async (user: TestUser, fields: Record<string, string | number>, file: Upload) => {
    const response = await upload(user, fields, file);
    if (response.status !== 200) throw new Error(`Upload failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.result as { id: number; uploadedFileName: string; fileDisplayName: string; attachmentTypeId: number };
  };
  const getArticle = async (id: number, user: TestUser | null = owner) =>
    (await site.http().get(`/api/Article/${id}`).set(as(user)).expect(200)).body.result;
  const download = (id: number, name: string, user: TestUser | null) =>
    site
      .http()
      .get(`/api/File/${id}/${encodeURIComponent(name)}`)
      .set(as(user));
  const refusal = (message: string) => ({ success: false, result: null, errorMessage: message, timeStamp: expect.any(String) });

  describe('POST /api/File', () => {
    it('stores a PNG image of the post under a generated name and serves it at /images', async () => {
      const image = png();
      const response = await upload(owner, imageFields(), { ...image, name: '../../evil name.PNG' }).expect(200);
      expect(response.body).toEqual({
        success: true,
        result: {
          id: expect.any(Number),
          uploadedFileName: expect.stringMatching(STORED_NAME),
          fileDisplayName: 'Pipeline diagram',
          attachmentTypeId: 4,
        },
        errorMessage: null,
        timeStamp: expect.any(String),
      });
      const { id, uploadedFileName } = response.body.result;
      expect(uploadedFileName).toMatch(/\.png$/);

      const served = await site.http().get(`/images/${uploadedFileName}`).buffer(true).expect(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(Buffer.compare(served.body as Buffer, image.bytes)).toBe(0);

      expect((await getArticle(articleId)).images).toContainEqual({
        id,
        fileDisplayName: 'Pipeline diagram',
        attachmentTypeId: 4,
        uploadedFileName,
        instructions: 'The build pipeline',
      });
      expect((await getArticle(articleId)).attachedFiles).not.toContainEqual(expect.objectContaining({ id }));
    });

    it('attaches a PDF to the post: listed in attachedFiles at once', async () => {
      const result = await uploaded(owner, attachmentFields(), pdf());
      expect(result).toMatchObject({ fileDisplayName: 'Slides', attachmentTypeId: 2, uploadedFileName: expect.stringMatching(/\.pdf$/) });
      expect((await getArticle(articleId)).attachedFiles).toContainEqual({
        id: result.id,
        fileDisplayName: 'Slides',
        attachmentTypeId: 2,
        uploadedFileName: result.uploadedFileName,
        instructions: '',
      });
    });

    it('accepts a zip attachment and a question image', async () => {
      const questionId = await createPost(site, 'Question', owner, questionBody());
      await uploaded(owner, attachmentFields(), { bytes: sampleZip([{ name: 'Program.cs', data: 'class P {}' }]), name: 'code.zip' });
      const image = await uploaded(owner, { ...imageFields(questionId), AttachmentTypeId: 5 }, { bytes: samplePng(), name: 'q.png' });
      const question = (await site.http().get(`/api/Question/${questionId}`).expect(200)).body.result;
      expect(question.images).toEqual([expect.objectContaining({ id: image.id, attachmentTypeId: 5 })]);
    });

    it('lets an admin add files to anyone’s post', async () => {
      const result = await uploaded(admin, attachmentFields(), pdf());
      expect((await getArticle(articleId)).attachedFiles).toContainEqual(expect.objectContaining({ id: result.id }));
    });

    it('refuses anonymous callers with 401', async () => {
      expect((await upload(null, imageFields(), png()).expect(401)).body).toMatchObject({
        success: false,
        errorMessage: expect.any(String),
      });
    });

    it('refuses files and images for another user’s post (403; 404 while they cannot see it) and for a post that does not exist (404)', async () => {
      const publishedId = await createPost(site, 'Article', owner, articleBody({ isPublished: true }));
      expect((await upload(other, imageFields(publishedId), png()).expect(403)).body.success).toBe(false);
      await upload(other, attachmentFields(publishedId), pdf()).expect(403);
      // The owner's draft: to another user it is as missing as an unknown id.
      expect((await upload(other, imageFields(), png()).expect(404)).body.errorMessage).toBe('Article not found.');
      await upload(other, attachmentFields(), pdf()).expect(404);
      expect((await upload(owner, attachmentFields(articleId + 1), pdf()).expect(404)).body.errorMessage).toBe('Article not found.');
      expect((await upload(owner, { ...attachmentFields(), AttachmentTypeId: 3 }, pdf()).expect(404)).body.errorMessage).toBe(
        'Question not found.',
      );
    });

    it.each([
      [
        'an executable renamed .pdf',
        attachmentFields,
        { bytes: windowsExecutable, name: 'slides.pdf' },
        FILE_MESSAGES.invalidAttachmentType,
      ],
      ['a PNG renamed .docx', () => documentFields(), { bytes: samplePng(), name: 'essay.docx' }, FILE_MESSAGES.invalidDocumentType],
      ['a PDF renamed .png', imageFields, { bytes: samplePdf(), name: 'photo.png' }, FILE_MESSAGES.invalidImageType],
      [
        'a GIF image',
        imageFields,
        { bytes: Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), name: 'anim.gif' },
        FILE_MESSAGES.invalidImageType,
      ],
      [
        'a zip as a document',
        () => documentFields(),
        { bytes: sampleZip([{ name: 'a.txt', data: 'a' }]), name: 'essay.zip' },
        FILE_MESSAGES.invalidDocumentType,
      ],
      ['binary text', () => documentFields(), { bytes: Buffer.from('abc\0def'), name: 'notes.txt' }, FILE_MESSAGES.invalidDocumentType],
      ['an empty file', () => documentFields(), { bytes: Buffer.alloc(0), name: 'notes.txt' }, FILE_MESSAGES.fileRequired],
    ])('refuses %s by its content', async (_case, fields, file, message) => {
      expect((await upload(owner, fields(), file).expect(400)).body).toEqual(refusal(message));
    });

    it('refuses a missing file', async () => {
      expect((await upload(owner, documentFields()).expect(400)).body).toEqual(refusal(FILE_MESSAGES.fileRequired));
    });

    it("refuses a document over 5 MB with 'Can't upload file more than 5MB'", async () => {
      const big = Buffer.alloc(5 * 1024 * 1024 + 1, 'a');
      expect((await upload(owner, documentFields(), { bytes: big, name: 'huge.txt' }).expect(413)).body).toEqual(
        refusal("Can't upload file more than 5MB"),
      );
      const exactly = await uploaded(owner, documentFields(), { bytes: Buffer.alloc(5 * 1024 * 1024, 'a'), name: 'limit.txt' });
      expect(exactly.attachmentTypeId).toBe(1);
    });

    it('checks the fields as the forms do', async () => {
      expect((await upload(owner, documentFields('x'.repeat(2001)), text()).expect(400)).body.errorMessage).toBe(
        FILE_MESSAGES.documentInstructionsTooLong,
      );
      expect((await upload(owner, { ...imageFields(), FileDisplayName: '' }, png()).expect(400)).body.errorMessage).toBe(
        FILE_MESSAGES.captionRequired,
      );
      expect((await upload(owner, { ...attachmentFields(), ReferenceId: 0 }, pdf()).expect(400)).body.errorMessage).toBe(
        FILE_MESSAGES.referenceInvalid,
      );
      expect((await upload(owner, { ...documentFields(), AttachmentTypeId: 9 }, text()).expect(400)).body.errorMessage).toContain(
        FILE_MESSAGES.attachmentTypeInvalid,
      );
    });
  });

  describe('GET /api/File/{id}/{fileDisplayName}', () => {
    it('gives a logged-in reader the bytes as base64; anonymous callers get 401', async () => {
      const file = pdf();
      const result = await uploaded(owner, attachmentFields(), file);
      const response = await download(result.id, 'Slides', owner).expect(200);
      // The stored type decides the extension of the name it is saved under.
      expect(response.body.result).toEqual({ fileContents: file.bytes.toString('base64'), fileDownloadName: 'Slides.pdf' });
      expect(Buffer.from(response.body.result.fileContents, 'base64').equals(file.bytes)).toBe(true);
      expect((await download(result.id, 'Slides', null).expect(401)).body).toMatchObject({ success: false, result: null });
    });

    it('ends the download name with the stored type’s extension, whatever the display name says', async () => {
      const named = async (name: string, file: Upload) => {
        const result = await uploaded(owner, { ...attachmentFields(), FileDisplayName: name }, file);
        return (await download(result.id, name, owner).expect(200)).body.result.fileDownloadName as string;
      };
      expect(await named('Solution.js', text())).toBe('Solution.js.txt');
      expect(await named('Solution.js. . ', text())).toBe('Solution.js.txt');
      expect(await named('notes.TXT', text())).toBe('notes.TXT');
      expect(await named('Slides.pdf', pdf())).toBe('Slides.pdf');
    });

    it('serves a post’s files only to who may read the post', async () => {
      const draftId = await createPost(site, 'Article', owner, articleBody());
      const result = await uploaded(owner, attachmentFields(draftId), pdf());
      await download(result.id, 'Slides', other).expect(404);
      await download(result.id, 'Slides', admin).expect(200);
      await site
        .http()
        .put('/api/Article')
        .set(bearer(owner))
        .send(articleBody({ id: draftId, isPublished: true }))
        .expect(200);
      await download(result.id, 'Slides', other).expect(200);
    });

    it('serves a document to its uploader and admins only', async () => {
      const result = await uploaded(owner, documentFields(), text());
      expect((await download(result.id, 'draft.txt', owner).expect(200)).body.result).toEqual({
        fileContents: text().bytes.toString('base64'),
        fileDownloadName: 'draft.txt',
      });
      await download(result.id, 'draft.txt', admin).expect(200);
      await download(result.id, 'draft.txt', other).expect(404);
    });

    it('answers 404 for an unknown file and 400 for an id that is not a number', async () => {
      await download(123456789, 'x', owner).expect(404);
      await download(Number.NaN, 'x', owner).expect(400);
    });
  });

  describe('/images/{uploadedFileName}', () => {
    it('answers 404 for unknown names and anything that is not an image name', async () => {
      await site.http().get('/images/00000000-0000-4000-8000-000000000000.png').expect(404);
      await site.http().get('/images/..%2Fsecret.png').expect(404);
      await site.http().get('/images/readme.txt').expect(404);
    });
  });

  describe('DELETE /api/File/{id}', () => {
    it('lets only the uploader or an admin delete; a deleted image is 404 and a deleted attachment leaves the post', async () => {
      const image = await uploaded(owner, imageFields(), png());
      const attachment = await uploaded(owner, attachmentFields(), pdf());

      await site.http().delete(`/api/File/${image.id}`).expect(401);
      // An image of the owner's draft: another user cannot see it, so it is as missing as an unknown id.
      expect((await site.http().delete(`/api/File/${image.id}`).set(bearer(other)).expect(404)).body.errorMessage).toBe('File not found.');
      const publishedId = await createPost(site, 'Article', owner, articleBody({ isPublished: true }));
      const visibleImage = await uploaded(owner, imageFields(publishedId), png());
      expect((await site.http().delete(`/api/File/${visibleImage.id}`).set(bearer(other)).expect(403)).body.success).toBe(false);
      expect((await site.http().delete(`/api/File/${image.id}`).set(bearer(owner)).expect(200)).body.result).toBe(true);
      await site.http().get(`/images/${image.uploadedFileName}`).expect(404);
      expect((await getArticle(articleId)).images).not.toContainEqual(expect.objectContaining({ id: image.id }));

      await site.http().delete(`/api/File/${attachment.id}`).set(bearer(admin)).expect(200);
      expect((await getArticle(articleId)).attachedFiles).not.toContainEqual(expect.objectContaining({ id: attachment.id }));
      await download(attachment.id, 'Slides', owner).expect(404);
      expect((await site.http().delete(`/api/File/${attachment.id}`).set(bearer(owner)).expect(404)).body.errorMessage).toBe(
        'File not found.',
      );
    });
  });

  describe('staff instructions', () => {
    it('gives the article’s and its attachments’ instructions to the owner and admins only, not to other or anonymous readers', async () => {
      const id = await createPost(site, 'Article', owner, articleBody({ isPublished: true, instructions: 'Staff: check the figures' }));
      await uploaded(owner, { ...attachmentFields(id), Instructions: 'Staff: print page 2' }, pdf());
      const image = await uploaded(owner, imageFields(id), png());
      // Read anonymously first: the cached anonymous answer must not hold them for the next reader.
      for (const reader of [null, other, null, owner, admin]) {
        const article = await getArticle(id, reader);
        const staff = reader === owner || reader === admin;
        expect(article.instructions).toBe(staff ? 'Staff: check the figures' : '');
        expect(article.attachedFiles).toEqual([expect.objectContaining({ instructions: staff ? 'Staff: print page 2' : '' })]);
        // An image's instructions are its caption, shown under it: public.
        expect(article.images).toEqual([expect.objectContaining({ id: image.id, instructions: 'The build pipeline' })]);
      }
    });
  });

  describe('GET /api/File/Documents', () => {
    it('lists uploaded documents for admins, newest first, with the uploader’s name', async () => {
      const first = await uploaded(owner, documentFields('First draft'), text());
      const second = await uploaded(other, documentFields('Second draft'), { bytes: samplePdf(), name: 'paper.pdf' });
      const list = (await site.http().get('/api/File/Documents').set(bearer(admin)).expect(200)).body.result as { id: number }[];
      const mine = list.filter((item) => item.id === first.id || item.id === second.id);
      expect(mine).toEqual([
        {
          id: second.id,
          fileDisplayName: 'paper.pdf',
          uploadedFileName: second.uploadedFileName,
          instructions: 'Second draft',
          uploaderUserName: other.userName,
          name: 'Olga Other',
          createdOn: expect.any(String),
        },
        {
          id: first.id,
          fileDisplayName: 'draft.txt',
          uploadedFileName: first.uploadedFileName,
          instructions: 'First draft',
          uploaderUserName: owner.userName,
          name: 'Ada Author',
          createdOn: expect.any(String),
        },
      ]);
      expect(list.map((item) => item.id)).toEqual([...list.map((item) => item.id)].sort((a, b) => b - a));

      await site.http().get('/api/File/Documents').set(bearer(owner)).expect(403);
      await site.http().get('/api/File/Documents').expect(401);

      await site.http().delete(`/api/File/${first.id}`).set(bearer(owner)).expect(200);
      const after = (await site.http().get('/api/File/Documents').set(bearer(admin)).expect(200)).body.result as { id: number }[];
      expect(after.map((item) => item.id)).not.toContain(first.id);
    });
  });

  describe('durability', () => {
    it('keeps files, their lists and their bytes across a restart', async () => {
      const image = await uploaded(owner, imageFields(), png());
      const attachment = await uploaded(owner, attachmentFields(), pdf());
      const document = await uploaded(owner, documentFields(), text());
      const before = {
        article: await getArticle(articleId),
        documents: (await site.http().get('/api/File/Documents').set(bearer(admin)).expect(200)).body.result,
      };
      await site.close();
      site = await startTestApp({ dataDir: site.dataDir });

      expect(await getArticle(articleId)).toEqual(before.article);
      expect((await site.http().get('/api/File/Documents').set(bearer(admin)).expect(200)).body.result).toEqual(before.documents);
      const served = await site.http().get(`/images/${image.uploadedFileName}`).buffer(true).expect(200);
      expect(Buffer.compare(served.body as Buffer, samplePng())).toBe(0);
      expect((await download(attachment.id, 'Slides', owner).expect(200)).body.result.fileContents).toBe(samplePdf().toString('base64'));
      await download(document.id, 'draft.txt', admin).expect(200);
    });

    it('rebuilds the post views and the documents list from zero into the same documents as the live ones', async () => {
      const collections = [POST_VIEW_COLLECTION, POST_VIEW_FILES_COLLECTION, UPLOADED_DOCUMENTS_COLLECTION];
      const live = await Promise.all(collections.map((collection) => documentsOf(site, collection)));
      expect(live.every((documents) => documents.length > 0)).toBe(true);
      const eventStore = site.app.get<EventStore>(EVENT_STORE);
      const readStore = site.app.get<ReadStore>(READ_STORE);
      const projections = site.app.get(ProjectionRunner).projections;
      for (const name of ['post-view', 'uploaded-documents']) {
        await rebuildProjection(
          eventStore,
          readStore,
          projections.find((projection) => projection.name === name)!,
        );
      }
      expect(await Promise.all(collections.map((collection) => documentsOf(site, collection)))).toEqual(live);
    });
  });
});
