import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { parseServerTime, relativeTime } from '@/lib/relative-time';
import { LinkButton } from '@/components/link-button';
import { downloadFile } from '@/lib/download-file';
import { messageOf } from '@/lib/message-of';
import type { UploadedDocument } from '@app/contracts';
import { useUploadedDocuments } from '@/features/admin/api/get-uploaded-documents';

/** The documents users sent the staff on /documents/upload (SPEC §1), newest first, each downloadable. */
export function UploadedDocuments() {
  const uploadedDocuments = useUploadedDocuments();
  const documents = uploadedDocuments.data ?? null;
  const failed = uploadedDocuments.isError;
  const [failure, setFailure] = useState<string | null>(null);

  const download = async (uploaded: UploadedDocument) => {
    setFailure(null);
    try {
      await downloadFile(uploaded.id, uploaded.fileDisplayName);
    } catch (error) {
      setFailure(messageOf(error));
    }
  };

  return (
    <section className="card uploaded-documents" aria-labelledby="uploaded-documents-heading">
      <h2 id="uploaded-documents-heading">Uploaded documents</h2>
      {failure && (
        <p className="notice" role="alert">
          {failure}
        </p>
      )}
      {failed && <p className="muted">The documents could not be loaded.</p>}
      {documents === null && !failed && <p className="muted">Loading…</p>}
      {documents?.length === 0 && <p className="muted">No documents uploaded yet.</p>}
      {documents && documents.length > 0 && (
        <ul className="admin-list">
          {documents.map((uploaded) => (
            <li key={uploaded.id}>
              <div className="admin-item-header">
                <LinkButton
                  className="uploaded-document-name"
                  onClick={() => void download(uploaded)}
                  aria-label={`Download ${uploaded.fileDisplayName}`}
                >
                  {uploaded.fileDisplayName}
                </LinkButton>
                <span className="muted">
                  by <Link to={paths.profile.getHref(uploaded.uploaderUserName)}>{uploaded.name || uploaded.uploaderUserName}</Link>{' '}
                  <time dateTime={parseServerTime(uploaded.createdOn).toISOString()}>{relativeTime(uploaded.createdOn)}</time>
                </span>
              </div>
              {uploaded.instructions && <p className="uploaded-document-instructions">{uploaded.instructions}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
