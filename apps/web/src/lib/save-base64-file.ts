import { saveBlob } from '@/lib/save-blob';

/** Hands base64 file contents to the browser as a download named `fileName`. */
export function saveBase64File(base64: string, fileName: string): void {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  saveBlob(new Blob([bytes], { type: 'application/octet-stream' }), fileName);
}
