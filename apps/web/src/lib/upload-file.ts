import type { AttachmentType, UploadResult } from '@app/contracts';
import { api } from '@/lib/api-client';

export interface FileUpload {
  file: File;
  attachmentTypeId: AttachmentType;
  fileDisplayName?: string;
  instructions?: string;
  /** The post the file belongs to; none for documents and profile pictures. */
  referenceId?: number;
}

/** POST /api/File (multipart, SPEC §7). */
export function uploadFile({ file, attachmentTypeId, fileDisplayName, instructions, referenceId }: FileUpload): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('AttachmentTypeId', String(attachmentTypeId));
  if (fileDisplayName !== undefined) form.append('FileDisplayName', fileDisplayName);
  if (instructions !== undefined) form.append('Instructions', instructions);
  if (referenceId !== undefined) form.append('ReferenceId', String(referenceId));
  return api.post<UploadResult>('/File', form);
}
