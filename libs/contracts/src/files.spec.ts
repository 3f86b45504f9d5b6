import {
  allowedExtensionsOf,
  displayNameOf,
  extensionOf,
  fileProblem,
  fileUploadRequestSchema,
  MAX_DOCUMENT_BYTES,
  uploadKindOf,
} from './files';
import { AttachmentType } from './rules';
import { firstErrors } from './validation';

const MB = 1024 * 1024;

describe('upload kinds', () => {
  it('maps every attachment type', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((id) => uploadKindOf(id as AttachmentType))).toEqual([
      'document',
      'attachment',
      'attachment',
      'image',
      'image',
      'image',
      'image',
      'profilePicture',
    ]);
  });

  it('allows the SPEC §9 extensions per kind', () => {
    expect(allowedExtensionsOf(AttachmentType.ArticleImageAttachment)).toEqual(['jpg', 'jpeg', 'png']);
    expect(allowedExtensionsOf(AttachmentType.ProfilePicture)).toEqual(['jpg', 'jpeg', 'png']);
    expect(allowedExtensionsOf(AttachmentType.QuestionFileAttachment)).toEqual(['docx', 'doc', 'pdf', 'txt', 'zip']);
    expect(allowedExtensionsOf(AttachmentType.Document)).toEqual(['doc', 'docx', 'pdf', 'txt']);
  });
});

describe('extensionOf and displayNameOf', () => {
  it.each([
    ['photo.JPG', 'jpg'],
    ['archive.tar.zip', 'zip'],
    ['README', ''],
    ['.bashrc', ''],
    ['trailing.', ''],
  ])('%s -> %j', (name, extension) => expect(extensionOf(name)).toBe(extension));

  it('cuts a name to 256 characters', () => expect(displayNameOf(`${'n'.repeat(300)}.pdf`)).toHaveLength(256));
});

describe('fileProblem', () => {
  it('requires a file', () => {
    expect(fileProblem(null, AttachmentType.Document)).toBe('File is required');
    expect(fileProblem(undefined, AttachmentType.ArticleImageAttachment)).toBe('File is required');
    expect(fileProblem({ name: 'empty.pdf', size: 0 }, AttachmentType.Document)).toBe('File is required');
  });

  it('checks images', () => {
    expect(fileProblem({ name: 'cat.png', size: 10 }, AttachmentType.ArticleImageAttachment)).toBeNull();
    expect(fileProblem({ name: 'cat.JPEG', size: 10 }, AttachmentType.ProfilePicture)).toBeNull();
    expect(fileProblem({ name: 'cat.gif', size: 10 }, AttachmentType.QuestionCommentImageAttachment)).toBe('Invalid image type');
  });

  it('checks documents', () => {
    for (const name of ['a.doc', 'a.docx', 'a.pdf', 'a.txt']) expect(fileProblem({ name, size: 10 }, AttachmentType.Document)).toBeNull();
    expect(fileProblem({ name: 'a.zip', size: 10 }, AttachmentType.Document)).toBe('Only .doc, .docx, .pdf, .txt files are allowed');
    expect(fileProblem({ name: 'a.pdf', size: MAX_DOCUMENT_BYTES }, AttachmentType.Document)).toBeNull();
    expect(fileProblem({ name: 'a.pdf', size: MAX_DOCUMENT_BYTES + 1 }, AttachmentType.Document)).toBe("Can't upload file more than 5MB");
    expect(MAX_DOCUMENT_BYTES).toBe(5 * MB);
  });

  it('checks attachments', () => {
    expect(fileProblem({ name: 'src.zip', size: 10 }, AttachmentType.ArticleFileAttachment)).toBeNull();
    expect(fileProblem({ name: 'run.exe', size: 10 }, AttachmentType.ArticleFileAttachment)).toBe(
      'Only .doc, .docx, .pdf, .txt, .zip files are allowed',
    );
  });
});

describe('fileUploadRequestSchema', () => {
  const image = { AttachmentTypeId: '4', FileDisplayName: 'Diagram', Instructions: 'The heap layout', ReferenceId: '17' };
  const errorsOf = (values: Record<string, unknown>) => firstErrors(fileUploadRequestSchema, values);

  it('coerces the multipart numbers', () => {
    expect(fileUploadRequestSchema.parse(image)).toEqual({
      AttachmentTypeId: 4,
      FileDisplayName: 'Diagram',
      Instructions: 'The heap layout',
      ReferenceId: 17,
    });
  });

  it('refuses an unknown attachment type', () => {
    for (const AttachmentTypeId of ['0', '9', 'abc', '', undefined, '4.5']) {
      expect(errorsOf({ ...image, AttachmentTypeId })).toEqual({ AttachmentTypeId: '- Attachment type is invalid' });
    }
  });

  it('needs a caption (max 256) and a description (max 200) for images', () => {
    expect(errorsOf({ ...image, FileDisplayName: '' })).toEqual({ FileDisplayName: '- Caption is required' });
    expect(errorsOf({ ...image, FileDisplayName: 'x'.repeat(257) })).toEqual({ FileDisplayName: '- Caption must be max 256 characters' });
    expect(errorsOf({ ...image, Instructions: undefined })).toEqual({ Instructions: '- Description is required' });
    expect(errorsOf({ ...image, Instructions: 'x'.repeat(201) })).toEqual({ Instructions: '- Description must be max 200 characters' });
  });

  it('needs the post a post image or attachment belongs to', () => {
    expect(errorsOf({ ...image, ReferenceId: undefined })).toEqual({ ReferenceId: '- Reference is invalid' });
    expect(errorsOf({ ...image, ReferenceId: '-1' })).toEqual({ ReferenceId: '- Reference is invalid' });
    expect(errorsOf({ ...image, ReferenceId: 'x' })).toEqual({ ReferenceId: '- Reference is invalid' });
  });

  it('lets comment images go without a reference', () => {
    expect(errorsOf({ ...image, AttachmentTypeId: '6', ReferenceId: '' })).toEqual({});
    expect(errorsOf({ ...image, AttachmentTypeId: '7', ReferenceId: '-1' })).toEqual({});
  });

  it('needs a file name (max 256) for attachments, instructions up to 500', () => {
    const attachment = { AttachmentTypeId: '2', FileDisplayName: 'sample.zip', ReferenceId: '17' };
    expect(errorsOf(attachment)).toEqual({});
    expect(errorsOf({ ...attachment, FileDisplayName: ' ' })).toEqual({ FileDisplayName: '- File name is required' });
    expect(errorsOf({ ...attachment, FileDisplayName: 'x'.repeat(257) })).toEqual({
      FileDisplayName: '- File name must be max 256 characters',
    });
    expect(errorsOf({ ...attachment, Instructions: 'x'.repeat(501) })).toEqual({
      Instructions: '- Instructions must be max 500 characters',
    });
  });

  it('takes documents with optional instructions up to 2000', () => {
    expect(fileUploadRequestSchema.parse({ AttachmentTypeId: '1' })).toEqual({ AttachmentTypeId: 1 });
    expect(errorsOf({ AttachmentTypeId: '1', Instructions: 'x'.repeat(2000) })).toEqual({});
    expect(errorsOf({ AttachmentTypeId: '1', Instructions: 'x'.repeat(2001) })).toEqual({ Instructions: 'Max 2000 characters' });
  });

  it('takes profile pictures without caption or description', () => {
    expect(errorsOf({ AttachmentTypeId: '8' })).toEqual({});
  });
});
