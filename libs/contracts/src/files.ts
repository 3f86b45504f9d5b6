import { z } from 'zod';
import { AttachmentType, MAX_LENGTHS } from './rules';

/** SPEC §9: documents up to 5 MB. No other size is given, so every upload shares this bound. */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
export const MAX_UPLOAD_BYTES = MAX_DOCUMENT_BYTES;

export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
export const ATTACHMENT_EXTENSIONS = ['docx', 'doc', 'pdf', 'txt', 'zip'] as const;
export const DOCUMENT_EXTENSIONS = ['doc', 'docx', 'pdf', 'txt'] as const;

export const FILE_MESSAGES = {
  fileRequired: 'File is required',
  invalidImageType: 'Invalid image type',
  invalidDocumentType: 'Only .doc, .docx, .pdf, .txt files are allowed',
  invalidAttachmentType: 'Only .doc, .docx, .pdf, .txt, .zip files are allowed',
  tooLarge: "Can't upload file more than 5MB",
  documentInstructionsTooLong: 'Max 2000 characters',
  attachmentTypeInvalid: '- Attachment type is invalid',
  referenceInvalid: '- Reference is invalid',
  fileNameRequired: '- File name is required',
  fileNameTooLong: `- File name must be max ${MAX_LENGTHS.fileDisplayName} characters`,
  captionRequired: '- Caption is required',
  captionTooLong: `- Caption must be max ${MAX_LENGTHS.fileDisplayName} characters`,
  descriptionRequired: '- Description is required',
  descriptionTooLong: `- Description must be max ${MAX_LENGTHS.imageDescription} characters`,
  instructionsTooLong: `- Instructions must be max ${MAX_LENGTHS.instructions} characters`,
} as const;

/** What an upload is for, which decides its allowed types and form rules. */
export type UploadKind = 'document' | 'attachment' | 'image' | 'profilePicture';

export function uploadKindOf(attachmentTypeId: AttachmentType): UploadKind {
  switch (attachmentTypeId) {
    case AttachmentType.Document:
      return 'document';
    case AttachmentType.ArticleFileAttachment:
    case AttachmentType.QuestionFileAttachment:
      return 'attachment';
    case AttachmentType.ProfilePicture:
      return 'profilePicture';
    default:
      return 'image';
  }
}

const ALLOWED_EXTENSIONS: Record<UploadKind, readonly string[]> = {
  document: DOCUMENT_EXTENSIONS,
  attachment: ATTACHMENT_EXTENSIONS,
  image: IMAGE_EXTENSIONS,
  profilePicture: IMAGE_EXTENSIONS,
};

/** SPEC §8 message for a file of the wrong type, per upload kind. */
export const WRONG_TYPE_MESSAGE: Record<UploadKind, string> = {
  document: FILE_MESSAGES.invalidDocumentType,
  attachment: FILE_MESSAGES.invalidAttachmentType,
  image: FILE_MESSAGES.invalidImageType,
  profilePicture: FILE_MESSAGES.invalidImageType,
};

export const allowedExtensionsOf = (attachmentTypeId: AttachmentType): readonly string[] =>
  ALLOWED_EXTENSIONS[uploadKindOf(attachmentTypeId)];

/** The lower-cased extension after the last dot, or '' when there is none. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 || dot === fileName.length - 1 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** The name a document is listed under when none is given: its own, cut to the SPEC §9 limit. */
export const displayNameOf = (fileName: string): string => fileName.slice(0, MAX_LENGTHS.fileDisplayName);

/**
 * The chosen file's problem by name and size (SPEC §5), or null. Content is checked on the server;
 * this is what both sides can tell before the bytes are read.
 */
export function fileProblem(file: { name: string; size: number } | null | undefined, attachmentTypeId: AttachmentType): string | null {
  if (!file || file.size === 0) return FILE_MESSAGES.fileRequired;
  const kind = uploadKindOf(attachmentTypeId);
  if (!ALLOWED_EXTENSIONS[kind].includes(extensionOf(file.name))) return WRONG_TYPE_MESSAGE[kind];
  if (file.size > MAX_UPLOAD_BYTES) return FILE_MESSAGES.tooLarge;
  return null;
}

const ATTACHMENT_TYPE_IDS = Object.values(AttachmentType) as number[];

/** Multipart fields are text: '' and absent both mean "not given"; anything else must be an integer. */
const optionalMultipartInteger = (message: string) =>
  z.preprocess(
    (value) =>
      value === undefined || value === null || value === '' ? undefined : typeof value === 'string' ? Number(value.trim()) : value,
    z.number({ error: message }).int(message).optional(),
  );

const multipartText = z.preprocess((value) => (value === null ? undefined : value), z.string().trim().optional());

/** Post images and attachments hang off an existing post (created as a draft first if need be). */
const NEEDS_REFERENCE = new Set<number>([
  AttachmentType.ArticleFileAttachment,
  AttachmentType.QuestionFileAttachment,
  AttachmentType.ArticleImageAttachment,
  AttachmentType.QuestionImageAttachment,
]);

/**
 * The text fields of POST /api/File (SPEC §7). The name and instructions rules follow the upload's
 * kind (SPEC §5): images need a caption (max 256) and a description (max 200); attachments a file
 * name (max 256); documents take the file's own name and instructions up to 2000; profile pictures
 * need neither.
 */
export const fileUploadRequestSchema = z
  .object({
    AttachmentTypeId: optionalMultipartInteger(FILE_MESSAGES.attachmentTypeInvalid)
      .refine((id) => id !== undefined && ATTACHMENT_TYPE_IDS.includes(id), FILE_MESSAGES.attachmentTypeInvalid)
      .transform((id) => id as AttachmentType),
    FileDisplayName: multipartText,
    Instructions: multipartText,
    ReferenceId: optionalMultipartInteger(FILE_MESSAGES.referenceInvalid),
  })
  .superRefine((request, context) => {
    const problem = (path: 'FileDisplayName' | 'Instructions' | 'ReferenceId', message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    const kind = uploadKindOf(request.AttachmentTypeId);
    const name = request.FileDisplayName ?? '';
    const instructions = request.Instructions ?? '';

    if (kind === 'image') {
      if (!name) problem('FileDisplayName', FILE_MESSAGES.captionRequired);
      else if (name.length > MAX_LENGTHS.fileDisplayName) problem('FileDisplayName', FILE_MESSAGES.captionTooLong);
      if (!instructions) problem('Instructions', FILE_MESSAGES.descriptionRequired);
      else if (instructions.length > MAX_LENGTHS.imageDescription) problem('Instructions', FILE_MESSAGES.descriptionTooLong);
    } else {
      if (kind === 'attachment' && !name) problem('FileDisplayName', FILE_MESSAGES.fileNameRequired);
      if (name.length > MAX_LENGTHS.fileDisplayName) problem('FileDisplayName', FILE_MESSAGES.fileNameTooLong);
      const maxInstructions = kind === 'document' ? MAX_LENGTHS.documentInstructions : MAX_LENGTHS.instructions;
      const tooLong = kind === 'document' ? FILE_MESSAGES.documentInstructionsTooLong : FILE_MESSAGES.instructionsTooLong;
      if (instructions.length > maxInstructions) problem('Instructions', tooLong);
    }

    const reference = request.ReferenceId;
    if (NEEDS_REFERENCE.has(request.AttachmentTypeId) && !(reference !== undefined && reference > 0))
      problem('ReferenceId', FILE_MESSAGES.referenceInvalid);
    if (reference !== undefined && reference < -1) problem('ReferenceId', FILE_MESSAGES.referenceInvalid);
  });
export type FileUploadRequest = z.infer<typeof fileUploadRequestSchema>;

export interface UploadResult {
  id: number;
  uploadedFileName: string;
  fileDisplayName: string;
  attachmentTypeId: AttachmentType;
}

/** GET /api/File/{a}/{b}: the bytes as base64 and the name to save them under. */
export interface DownloadResult {
  fileContents: string;
  fileDownloadName: string;
}

/** POST /api/File/{id}/Link: where the browser downloads the file (`/File/{id}/{name}?access=...`, short-lived). */
export interface DownloadLink {
  url: string;
}

/** One entry of GET /api/File/Documents (admins): a document a user uploaded for the staff; `name` is the uploader's display name. */
export interface UploadedDocument {
  id: number;
  fileDisplayName: string;
  uploadedFileName: string;
  instructions: string;
  uploaderUserName: string;
  name: string;
  createdOn: string;
}
