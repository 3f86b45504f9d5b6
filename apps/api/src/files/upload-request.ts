import {
  displayNameOf,
  FILE_MESSAGES,
  fileProblem,
  fileUploadRequestSchema,
  formatIssues,
  uploadKindOf,
  type UploadKind,
} from '@app/contracts';
import { validationError, type AttachmentTypeId } from '@app/domain';
import { detectFileKind } from '@app/files';

/** An upload whose fields follow SPEC §5 and whose bytes are what their extension says. */
export interface CheckedUpload {
  bytes: Buffer;
  attachmentTypeId: AttachmentTypeId;
  fileDisplayName: string;
  instructions: string;
  referenceId: number;
  /** The checked extension, lower-case, to store the file under. */
  extension: string;
}

export interface ReceivedFile {
  originalname: string;
  size: number;
  buffer: Buffer;
}

const WRONG_TYPE: Record<UploadKind, string> = {
  document: FILE_MESSAGES.invalidDocumentType,
  attachment: FILE_MESSAGES.invalidAttachmentType,
  image: FILE_MESSAGES.invalidImageType,
  profilePicture: FILE_MESSAGES.invalidImageType,
};

/**
 * Checks POST /api/File's parts in the order the forms do: a file, the fields, the file's type and
 * size by name, then its content by magic bytes (a renamed file is refused like a wrong type).
 */
export function checkUpload(file: ReceivedFile | undefined, body: unknown): CheckedUpload {
  if (!file || file.size === 0) throw validationError(FILE_MESSAGES.fileRequired);
  const fields = fileUploadRequestSchema.safeParse(body ?? {});
  if (!fields.success) throw validationError(formatIssues(fields.error));
  const { AttachmentTypeId: attachmentTypeId, FileDisplayName, Instructions, ReferenceId } = fields.data;
  const problem = fileProblem({ name: file.originalname, size: file.size }, attachmentTypeId);
  if (problem) throw validationError(problem);
  const kind = detectFileKind(file.buffer, file.originalname);
  if (!kind.ok) throw validationError(kind.reason === 'empty' ? FILE_MESSAGES.fileRequired : WRONG_TYPE[uploadKindOf(attachmentTypeId)]);
  return {
    bytes: file.buffer,
    attachmentTypeId,
    // A document or profile picture without a name is listed under the file's own name.
    fileDisplayName: FileDisplayName || displayNameOf(file.originalname),
    instructions: Instructions ?? '',
    referenceId: ReferenceId ?? 0,
    extension: kind.extension,
  };
}
