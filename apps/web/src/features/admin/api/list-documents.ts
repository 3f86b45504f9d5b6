import { api } from '../../../lib/api-client';

/** One entry of GET /api/File/Documents: a document a user uploaded for the staff; `name` is the uploader's display name. */
export interface UploadedDocument {
  id: number;
  fileDisplayName: string;
  uploadedFileName: string;
  instructions: string;
  uploaderUserName: string;
  name: string;
  createdOn: string;
}

/** GET /api/File/Documents (admin): every uploaded document, newest first. */
export function listDocuments(signal?: AbortSignal): Promise<UploadedDocument[]> {
  return api.get<UploadedDocument[]>('/File/Documents', { signal, silent: true });
}
