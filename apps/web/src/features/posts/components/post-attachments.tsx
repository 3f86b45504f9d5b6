import type { AttachmentType } from '@app/contracts';
import type { PostFiles } from '../hooks/use-post-files';
import { AttachFilesForm } from './attach-files-form';
import { AttachmentsList } from './attachments-list';

/** The attach-files form and the list of the post's attachments. */
export function PostAttachments({ files, attachmentTypeId }: { files: PostFiles; attachmentTypeId: AttachmentType }) {
  return (
    <>
      <AttachFilesForm attachmentTypeId={attachmentTypeId} onAttach={files.attachFile} />
      <AttachmentsList attachments={files.attachments} onDownload={files.download} onRemove={files.removeAttachment} />
    </>
  );
}
