import { AttachmentType, displayNameOf, type UploadResult } from '@app/contracts';
import { api } from '@/lib/api-client';

/** POST /api/File as a document (type 1): listed under its own name, with optional instructions. */
export function uploadDocument(file: File, instructions: string): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('AttachmentTypeId', String(AttachmentType.Document));
  form.append('FileDisplayName', displayNameOf(file.name));
  if (instructions.trim()) form.append('Instructions', instructions.trim());
  return api.post<UploadResult>('/File', form);
}
