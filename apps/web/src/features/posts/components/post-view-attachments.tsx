import { useState } from 'react';
import { LinkButton } from '@/components/link-button';
import { Link, useLocation } from 'react-router-dom';
import { AttachmentType, type AttachedFile } from '@app/contracts';
import { paths } from '@/config/paths';

const FILE_ATTACHMENT_TYPES: readonly number[] = [AttachmentType.ArticleFileAttachment, AttachmentType.QuestionFileAttachment];

/** The post's attached files (images live in the content): a download for members, a login prompt for visitors (SPEC §2, §6). */
export function PostAttachments({ files, loggedIn }: { files: AttachedFile[]; loggedIn: boolean }) {
  const attachments = files.filter((file) => FILE_ATTACHMENT_TYPES.includes(file.attachmentTypeId));
  if (attachments.length === 0) return null;
  return (
    <section className="post-view-attachments" aria-labelledby="post-attachments-heading">
      <h2 id="post-attachments-heading">Attachments</h2>
      <ul>
        {attachments.map((file) => (
          <li key={file.id}>{loggedIn ? <DownloadButton file={file} /> : <LoginToDownload file={file} />}</li>
        ))}
      </ul>
    </section>
  );
}

function DownloadButton({ file }: { file: AttachedFile }) {
  const [failure, setFailure] = useState<string | null>(null);
  const download = async () => {
    setFailure(null);
    try {
      // Loaded on a click: not part of the post's first screen.
      const { downloadFile } = await import('@/lib/download-file');
      await downloadFile(file.id, file.fileDisplayName);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Download failed');
    }
  };
  return (
    <>
      <LinkButton className="post-view-attachment" onClick={() => void download()} aria-label={`Download ${file.fileDisplayName}`}>
        {file.fileDisplayName}
      </LinkButton>
      {file.instructions && <span className="muted"> — {file.instructions}</span>}
      {failure && (
        <span className="inline-error" role="alert">
          {' '}
          {failure}
        </span>
      )}
    </>
  );
}

function LoginToDownload({ file }: { file: AttachedFile }) {
  const location = useLocation();
  return (
    <>
      <span className="post-view-attachment">{file.fileDisplayName}</span>{' '}
      <Link className="post-view-login-to-download" to={paths.auth.login.getHref()} state={{ from: location }}>
        Please Login to download this attachment
      </Link>
    </>
  );
}
