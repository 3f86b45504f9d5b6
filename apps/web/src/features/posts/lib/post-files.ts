import { AttachmentType, type AttachedFile } from '@app/contracts';

/** SPEC §3 'Uploaded image' as the submit screens list it; `selected` is derived from the default image id. */
export interface UploadedImage {
  id: number;
  uploadedFileName: string;
  fileDisplayName: string;
  instructions: string;
}

/** The attachment kinds of one post kind. */
export interface PostFileTypes {
  image: AttachmentType;
  file: AttachmentType;
}

export const ARTICLE_FILE_TYPES: PostFileTypes = {
  image: AttachmentType.ArticleImageAttachment,
  file: AttachmentType.ArticleFileAttachment,
};
export const QUESTION_FILE_TYPES: PostFileTypes = {
  image: AttachmentType.QuestionImageAttachment,
  file: AttachmentType.QuestionFileAttachment,
};

/** What GET /api/{Article|Question}/{id} returns about a post's files. */
export interface PostFilesRecord {
  attachedFiles?: AttachedFile[] | null;
  images?: UploadedImage[] | null;
}

/** The post's images (its `images`, or image-typed attached files) and its file attachments. */
export function splitPostFiles(record: PostFilesRecord, types: PostFileTypes): { images: UploadedImage[]; attachments: AttachedFile[] } {
  const attached = record.attachedFiles ?? [];
  const images = new Map<number, UploadedImage>();
  for (const image of [...(record.images ?? []), ...attached.filter((file) => file.attachmentTypeId === types.image)]) {
    if (!images.has(image.id)) {
      images.set(image.id, {
        id: image.id,
        uploadedFileName: image.uploadedFileName,
        fileDisplayName: image.fileDisplayName,
        instructions: image.instructions ?? '',
      });
    }
  }
  return { images: [...images.values()], attachments: attached.filter((file) => file.attachmentTypeId === types.file) };
}
