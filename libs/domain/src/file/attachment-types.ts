import { AttachmentType, MAX_LENGTHS, MAX_UPLOAD_BYTES, uploadKindOf, type UploadKind } from '@app/contracts';

/** SPEC §3 attachment kinds: the contracts' enumeration, under the names the domain uses. */
export const ATTACHMENT_TYPES = AttachmentType;
export type AttachmentTypeId = AttachmentType;
export type UploadCategory = UploadKind;

const ATTACHMENT_TYPE_IDS: readonly number[] = Object.values(AttachmentType);

export const isAttachmentTypeId = (value: number): value is AttachmentTypeId => ATTACHMENT_TYPE_IDS.includes(value);

export const uploadCategoryOf = (type: AttachmentTypeId): UploadCategory => uploadKindOf(type);

/** The post kind an attachment or image hangs off (comment images: the post of the comment), or null. */
export function referencedPostKindOf(type: AttachmentTypeId): 'article' | 'question' | null {
  switch (type) {
    case ATTACHMENT_TYPES.ArticleFileAttachment:
    case ATTACHMENT_TYPES.ArticleImageAttachment:
    case ATTACHMENT_TYPES.ArticleCommentImageAttachment:
      return 'article';
    case ATTACHMENT_TYPES.QuestionFileAttachment:
    case ATTACHMENT_TYPES.QuestionImageAttachment:
    case ATTACHMENT_TYPES.QuestionCommentImageAttachment:
      return 'question';
    default:
      return null;
  }
}

/** Post attachments and post images are owned by the post: only who may edit the post adds them. */
export const requiresEditablePost = (type: AttachmentTypeId): boolean => type >= 2 && type <= 5;

/** SPEC §9: images jpg/jpeg/png; attachments docx/doc/pdf/txt/zip; documents doc/docx/pdf/txt. */
export const ALLOWED_EXTENSIONS: Record<UploadCategory, readonly string[]> = {
  document: ['doc', 'docx', 'pdf', 'txt'],
  attachment: ['docx', 'doc', 'pdf', 'txt', 'zip'],
  image: ['jpg', 'jpeg', 'png'],
  profilePicture: ['jpg', 'jpeg', 'png'],
};

export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain; charset=utf-8',
  zip: 'application/zip',
};

/** SPEC §9 limits the deciders guard (the contracts report them to users with the SPEC messages). */
export const FILE_LIMITS = {
  maxBytes: MAX_UPLOAD_BYTES,
  displayName: MAX_LENGTHS.fileDisplayName,
  documentInstructions: MAX_LENGTHS.documentInstructions,
  imageDescription: MAX_LENGTHS.imageDescription,
  instructions: MAX_LENGTHS.instructions,
} as const;

export const maxInstructionsOf = (category: UploadCategory): number =>
  category === 'document'
    ? FILE_LIMITS.documentInstructions
    : category === 'image'
      ? FILE_LIMITS.imageDescription
      : FILE_LIMITS.instructions;
