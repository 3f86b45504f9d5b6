import type { DownloadResult } from '@app/contracts';
import { api } from '@/lib/api-client';
import { saveBase64File } from '@/lib/save-base64-file';

/** GET /api/File/{id}/{name}, then hands the bytes to the browser as a download (post attachments, uploaded documents). */
export async function downloadFile(id: number, fileDisplayName: string): Promise<void> {
  const { fileContents, fileDownloadName } = await api.get<DownloadResult>(`/File/${id}/${encodeURIComponent(fileDisplayName)}`);
  saveBase64File(fileContents, fileDownloadName || fileDisplayName);
}
