import { ATTACHMENT_TYPES, type FileEvent } from '@app/domain';
import type { RecordedEvent } from '@app/event-store';
import type { ReadStoreTransaction } from '@app/read-store';
import type { Projection } from '../projection';

export const UPLOADED_DOCUMENTS_COLLECTION = 'uploaded_documents';

/** A draft document (attachment type 1) a user sent for staff to polish, as the admins' list shows it. */
export interface UploadedDocument {
  /** The file's stream name, `file-<fileId>`. */
  id: string;
  fileId: number;
  fileDisplayName: string;
  uploadedFileName: string;
  instructions: string;
  /** The uploader's opaque account id. */
  uploaderId: string;
  createdOn: string;
  [field: string]: unknown;
}

/** Live uploaded documents; a deleted one leaves the list. */
export const uploadedDocumentsProjection: Projection = {
  name: 'uploaded-documents',
  version: 2,
  collections: [UPLOADED_DOCUMENTS_COLLECTION],
  handles: ['FileUploaded', 'FileDeleted'] satisfies FileEvent['type'][],
  indexes: { [UPLOADED_DOCUMENTS_COLLECTION]: [['fileId']] },
  async apply(recorded: RecordedEvent, tx: ReadStoreTransaction) {
    const event = { type: recorded.type, data: recorded.data } as FileEvent;
    if (event.type === 'FileDeleted') return tx.delete(UPLOADED_DOCUMENTS_COLLECTION, recorded.streamName);
    const { data } = event;
    if (data.attachmentTypeId !== ATTACHMENT_TYPES.Document) return;
    return tx.upsert<UploadedDocument>(UPLOADED_DOCUMENTS_COLLECTION, {
      id: recorded.streamName,
      fileId: data.id,
      fileDisplayName: data.fileDisplayName,
      uploadedFileName: data.uploadedFileName,
      instructions: data.instructions,
      uploaderId: data.uploaderId,
      createdOn: data.at,
    });
  },
};
