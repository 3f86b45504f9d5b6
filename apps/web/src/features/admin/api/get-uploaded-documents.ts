import type { UploadedDocument } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/File/Documents (admin): every uploaded document, newest first; in the background (no overlay). */
export function getUploadedDocuments({ signal }: { signal?: AbortSignal } = {}): Promise<UploadedDocument[]> {
  return api.get<UploadedDocument[]>('/File/Documents', { signal, silent: true });
}

export const getUploadedDocumentsQueryOptions = () => queryOptions({ queryKey: ['uploaded-documents'], queryFn: getUploadedDocuments });

export function useUploadedDocuments() {
  return useQuery(getUploadedDocumentsQueryOptions());
}
