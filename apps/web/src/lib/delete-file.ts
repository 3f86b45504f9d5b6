import { api } from '@/lib/api-client';

/** DELETE /api/File/{id}: removes an image or attachment of the post being edited. */
export function deleteFile(id: number): Promise<boolean> {
  return api.delete<boolean>(`/File/${id}`);
}
