import type { DownloadResult } from '@app/contracts';
import { api } from '../../../lib/api-client';

/** GET /api/File/{id}/{fileDisplayName} (auth): the file as base64 (SPEC §3 Download result). */
export function downloadFile(id: number, fileDisplayName: string): Promise<DownloadResult> {
  return api.get<DownloadResult>(`/File/${id}/${encodeURIComponent(fileDisplayName)}`);
}
