import { useEffect, useState } from 'react';
import { listDocuments, type UploadedDocument } from '@/features/admin/api/list-documents';

/** The documents users uploaded for the staff, newest first; null while loading. */
export function useUploadedDocuments() {
  const [documents, setDocuments] = useState<UploadedDocument[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    listDocuments(controller.signal)
      .then((result) => {
        setDocuments(result);
        setFailed(false);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, []);

  return { documents, failed };
}
