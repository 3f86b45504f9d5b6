import type { AttachedFile } from '@app/contracts';

interface Props {
  attachments: AttachedFile[];
  onDownload: (attachment: AttachedFile) => void;
  onRemove: (attachment: AttachedFile) => void;
}

/** The post's file attachments with download and remove. */
export function AttachmentsList({ attachments, onDownload, onRemove }: Props) {
  if (attachments.length === 0) return null;
  return (
    <ul className="attachments-list" aria-label="Attachments">
      {attachments.map((attachment) => (
        <li key={attachment.id}>
          <span className="attachment-name">{attachment.fileDisplayName}</span>
          <button
            type="button"
            className="button button-small"
            aria-label={`Download ${attachment.fileDisplayName}`}
            onClick={() => onDownload(attachment)}
          >
            Download
          </button>
          <button
            type="button"
            className="button button-small"
            aria-label={`Remove ${attachment.fileDisplayName}`}
            onClick={() => onRemove(attachment)}
          >
            Remove
          </button>
        </li>
      ))}
    </ul>
  );
}
