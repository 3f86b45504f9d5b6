import { saveBlob } from '@/lib/save-blob';

/** Hands a value to the browser as a download of pretty-printed JSON named `fileName`. */
export function saveJsonFile(value: unknown, fileName: string): void {
  saveBlob(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }), fileName);
}
