import type { UploadedDocument } from '@app/contracts';
import { api } from '@/lib/api-client';

export type { UploadedDocument };

/** GET /api/File/Documents (admin): every uploaded document, newest first. */
export function listDocuments(signal?: AbortSignal): Promise<UploadedDocument[]> {
  return api.get<UploadedDocument[]>('/File/Documents', { signal, silent: true });
}
