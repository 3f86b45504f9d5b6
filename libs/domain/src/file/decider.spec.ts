import { FILE_MESSAGES } from '@app/contracts';
import type { Actor } from '../posts/authorization';
import { deciderSpec } from '@app/testing';
import type { ReferencedPost, UploadFile } from './commands';
import { fileDecider } from './decider';
import type { FileEvent } from './events';

const spec = deciderSpec(fileDecider);

const owner: Actor = { accountId: 'ada', roleId: 1 };
const otherUser: Actor = { accountId: 'bob', roleId: 1 };
const admin: Actor = { accountId: 'root', roleId: 2 };

const now = new Date('2025-03-02T12:30:00.000Z');
const at = now.toISOString();

const ownArticle: ReferencedPost = { kind: 'article', authorId: 'ada', isPublished: false, isApproved: true, deleted: false };
const publishedQuestion: ReferencedPost = { kind: 'question', authorId: 'bob', isPublished: true, isApproved: true, deleted: false };

const attach = (overrides: Partial<UploadFile> = {}): UploadFile => ({
  type: 'UploadFile',
  id: 77,
  actor: owner,
  attachmentTypeId: 2,
  fileDisplayName: 'Sample code',
  instructions: '',
  referenceId: 42,
  referencedPost: ownArticle,
  uploadedFileName: '3f2b9c1d-0000-4000-8000-000000000000.zip',
  extension: 'zip',
  size: 1234,
  now,
  ...overrides,
});

const uploaded: FileEvent = {
  type: 'FileUploaded',
  data: {
    id: 77,
    uploaderId: 'ada',
    attachmentTypeId: 2,
    fileDisplayName: 'Sample code',
    uploadedFileName: '3f2b9c1d-0000-4000-8000-000000000000.zip',
    instructions: '',
    referenceId: 42,
    extension: 'zip',
    contentType: 'application/zip',
    size: 1234,
    at,
  },
};
const deleted: FileEvent = { type: 'FileDeleted', data: { at } };

const document = (overrides: Partial<UploadFile> = {}) =>
  attach({
    attachmentTypeId: 1,
    referenceId: 0,
    referencedPost: null,
    uploadedFileName: 'a1.docx',
    extension: 'docx',
    fileDisplayName: 'essay.docx',
    ...overrides,
  });
const image = (overrides: Partial<UploadFile> = {}) =>
  attach({
    attachmentTypeId: 4,
    uploadedFileName: 'a1.png',
    extension: 'png',
    fileDisplayName: 'Diagram',
    instructions: 'The pipeline',
    ...overrides,
  });
const remove = (actor: Actor, visibleToActor = true) => ({ type: 'DeleteFile' as const, id: 77, actor, visibleToActor, now });

describe('fileDecider', () => {
  describe('UploadFile', () => {
    it('records an attachment of the uploader’s own post', () => {
      spec.given([]).when(attach()).then([uploaded]);
    });

    it('records a document with its instructions and no reference', () => {
      const [event] = fileDecider.decide(document({ instructions: `  ${'x'.repeat(2000)}  ` }), fileDecider.initialState);
      expect(event).toEqual({
        type: 'FileUploaded',
        data: expect.objectContaining({
          attachmentTypeId: 1,
          referenceId: 0,
          contentType: expect.stringContaining('wordprocessingml'),
          instructions: 'x'.repeat(2000),
        }),
      });
    });

    it('records an image with its content type and lower-cased extension', () => {
      const [event] = fileDecider.decide(image({ extension: 'JPEG', uploadedFileName: 'a1.jpeg' }), fileDecider.initialState);
      expect(event.data).toMatchObject({ attachmentTypeId: 4, extension: 'jpeg', contentType: 'image/jpeg', fileDisplayName: 'Diagram' });
    });

    it('lets an admin attach to anyone’s post', () => {
      spec
        .given([])
        .when(attach({ actor: admin }))
        .then([{ ...uploaded, data: { ...uploaded.data, uploaderId: 'root' } }]);
    });

    it('refuses a post file or image on another user’s post', () => {
      const published = { ...ownArticle, isPublished: true };
      spec
        .given([])
        .when(attach({ actor: otherUser, referencedPost: published }))
        .thenThrows('forbidden');
      spec
        .given([])
        .when(image({ actor: otherUser, referencedPost: published }))
        .thenThrows('forbidden');
    });

    it('does not find, for another user, a post they cannot see (a draft)', () => {
      spec
        .given([])
        .when(attach({ actor: otherUser }))
        .thenThrows('not_found', 'Article not found.');
    });

    it.each([
      ['a missing article', attach({ referencedPost: null }), 'Article not found.'],
      ['a deleted article', attach({ referencedPost: { ...ownArticle, deleted: true } }), 'Article not found.'],
      ['an article id given for a question file', attach({ attachmentTypeId: 3 }), 'Question not found.'],
    ])('does not find %s', (_case, command, message) => {
      spec.given([]).when(command).thenThrows('not_found', message);
    });

    it('requires the post of a post file or image', () => {
      spec
        .given([])
        .when(attach({ referenceId: 0, referencedPost: null }))
        .thenThrows('validation', FILE_MESSAGES.referenceInvalid);
      spec
        .given([])
        .when(image({ referenceId: -1, referencedPost: null }))
        .thenThrows('validation', FILE_MESSAGES.referenceInvalid);
    });

    it('lets any reader of a post upload a comment image to it, or upload one before the comment has a post', () => {
      const commentImage = image({ attachmentTypeId: 7, actor: owner, referenceId: 9, referencedPost: publishedQuestion });
      expect(fileDecider.decide(commentImage, fileDecider.initialState)[0].data).toMatchObject({ attachmentTypeId: 7, referenceId: 9 });
      expect(
        fileDecider.decide(image({ attachmentTypeId: 6, referenceId: 0, referencedPost: null }), fileDecider.initialState),
      ).toHaveLength(1);
    });

    it('does not let a comment image reveal a post its uploader cannot see', () => {
      const hidden = { ...publishedQuestion, isApproved: false };
      spec
        .given([])
        .when(image({ attachmentTypeId: 7, referenceId: 9, referencedPost: hidden }))
        .thenThrows('not_found', 'Question not found.');
    });

    it('refuses a reference on documents and profile pictures', () => {
      spec
        .given([])
        .when(document({ referenceId: 42 }))
        .thenThrows('validation', FILE_MESSAGES.referenceInvalid);
      spec
        .given([])
        .when(image({ attachmentTypeId: 8, referenceId: 42, referencedPost: null }))
        .thenThrows('validation', FILE_MESSAGES.referenceInvalid);
      spec
        .given([])
        .when(document({ referenceId: -2 }))
        .thenThrows('validation', FILE_MESSAGES.referenceInvalid);
    });

    it.each([
      ['an unknown attachment type', attach({ attachmentTypeId: 9 }), FILE_MESSAGES.attachmentTypeInvalid],
      ['a zip as a document', document({ extension: 'zip', uploadedFileName: 'a1.zip' }), FILE_MESSAGES.invalidDocumentType],
      ['a pdf as an image', image({ extension: 'pdf', uploadedFileName: 'a1.pdf' }), FILE_MESSAGES.invalidImageType],
      ['a png as an attachment', attach({ extension: 'png', uploadedFileName: 'a1.png' }), FILE_MESSAGES.invalidAttachmentType],
      ['an empty file', attach({ size: 0 }), FILE_MESSAGES.fileRequired],
      ['a file over 5 MB', document({ size: 5 * 1024 * 1024 + 1 }), FILE_MESSAGES.tooLarge],
      ['a stored name that is a path', attach({ uploadedFileName: '../x.zip' }), 'Stored file name is invalid.'],
      ['a stored name of another extension', attach({ uploadedFileName: 'a1.exe' }), 'Stored file name is invalid.'],
      ['an attachment without a name', attach({ fileDisplayName: '  ' }), FILE_MESSAGES.fileNameRequired],
      ['an image without a caption', image({ fileDisplayName: '' }), FILE_MESSAGES.captionRequired],
      ['a name over 256 characters', attach({ fileDisplayName: 'n'.repeat(257) }), FILE_MESSAGES.fileNameTooLong],
      [
        'document instructions over 2000 characters',
        document({ instructions: 'x'.repeat(2001) }),
        FILE_MESSAGES.documentInstructionsTooLong,
      ],
      ['an image description over 200 characters', image({ instructions: 'x'.repeat(201) }), FILE_MESSAGES.descriptionTooLong],
      ['attachment instructions over 500 characters', attach({ instructions: 'x'.repeat(501) }), FILE_MESSAGES.instructionsTooLong],
    ])('refuses %s', (_case, command, message) => {
      spec.given([]).when(command).thenThrows('validation', message);
    });

    it('accepts exactly 5 MB and a profile picture without a caption', () => {
      expect(fileDecider.decide(document({ size: 5 * 1024 * 1024 }), fileDecider.initialState)).toHaveLength(1);
      expect(
        fileDecider.decide(
          image({ attachmentTypeId: 8, referenceId: 0, referencedPost: null, fileDisplayName: '', instructions: '' }),
          fileDecider.initialState,
        ),
      ).toHaveLength(1);
    });

    it('refuses a second upload on the same stream (an id collision)', () => {
      spec.given([uploaded]).when(attach()).thenThrows('conflict', 'File already exists.');
    });
  });

  describe('DeleteFile', () => {
    it.each([
      ['the uploader', owner],
      ['an admin', admin],
    ])('lets %s delete', (_who, actor) => {
      spec.given([uploaded]).when(remove(actor)).then([deleted]);
    });

    it('refuses another user', () => {
      spec.given([uploaded]).when(remove(otherUser)).thenThrows('forbidden');
    });

    it('does not find, for another user, a file they cannot see', () => {
      spec.given([uploaded]).when(remove(otherUser, false)).thenThrows('not_found', 'File not found.');
    });

    it('does not find a deleted or unknown file', () => {
      spec.given([uploaded, deleted]).when(remove(owner)).thenThrows('not_found', 'File not found.');
      spec.given([]).when(remove(admin)).thenThrows('not_found', 'File not found.');
    });
  });

  it('folds the history into the state', () => {
    expect([uploaded, deleted].reduce(fileDecider.evolve, fileDecider.initialState)).toEqual({
      status: 'deleted',
      upload: uploaded.data,
    });
  });
});
