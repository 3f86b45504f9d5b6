import type { AttachmentType } from '@app/contracts';
import type { PostFiles } from '@/features/posts/hooks/use-post-files';
import { AttachFilesForm } from '@/features/posts/components/attach-files-form';
import { AttachmentsList } from '@/features/posts/components/attachments-list';

/** The attach-files form and the list of the post's attachments. */
export function PostAttachments({ files, attachmentTypeId }: { files: PostFiles; attachmentTypeId: AttachmentType }) {
  return (
    <>
      <AttachFilesForm attachmentTypeId={attachmentTypeId} onAttach={files.attachFile} />
      <AttachmentsList attachments={files.attachments} onDownload={files.download} onRemove={files.removeAttachment} />
    </>
  );
}
