import type { DownloadLink } from '@app/contracts';
import { api } from '@/lib/api-client';

/**
 * Downloads a file (post attachments, uploaded documents) the way browsers download: the API
 * hands a short-lived signed link (POST /api/File/{id}/Link, the bearer token cannot ride on a
 * plain link), and the browser fetches /File/{id}/{name} itself, streamed, with its own progress
 * and resume, instead of the bytes travelling as base64 inside JSON.
 */
export async function downloadFile(id: number, fileDisplayName: string): Promise<void> {
  const { url } = await api.post<DownloadLink>(`/File/${id}/Link`);
  const link = document.createElement('a');
  link.href = url;
  // The server names the file (Content-Disposition); this only keeps the page where it is.
  link.download = fileDisplayName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
