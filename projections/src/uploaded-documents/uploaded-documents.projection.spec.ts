import type { AttachmentTypeId, FileEvent } from '@app/domain';
import { documentsAre, fileUploaded, on, projectionSpec, useTemporaryReadStore } from '@app/testing';
import { UPLOADED_DOCUMENTS_COLLECTION, uploadedDocumentsProjection, type UploadedDocument } from './uploaded-documents.projection';

const upload = (id: number, attachmentTypeId: AttachmentTypeId) =>
  on<FileEvent>(
    `file-${id}`,
    fileUploaded({
      id,
      attachmentTypeId,
      fileDisplayName: `essay-${id}.docx`,
      uploadedFileName: `stored-${id}.docx`,
      instructions: 'Please fix the grammar',
      extension: 'docx',
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      size: 100,
      at: `2026-01-0${id}T10:00:00.000Z`,
    }),
  );
const deleted = (id: number) => on<FileEvent>(`file-${id}`, { type: 'FileDeleted', data: { at: '2026-01-05T10:00:00.000Z' } });

describe('uploaded-documents projection', () => {
  const readStore = useTemporaryReadStore();
  const spec = projectionSpec(uploadedDocumentsProjection, readStore);

  it('lists documents only, and drops a deleted one', () =>
    spec
      .given([upload(1, 1), upload(2, 2), upload(3, 1), upload(4, 4)])
      .when(deleted(3), deleted(2))
      .then(
        documentsAre<UploadedDocument>(
          [
            {
              id: 'file-1',
              fileId: 1,
              fileDisplayName: 'essay-1.docx',
              uploadedFileName: 'stored-1.docx',
              instructions: 'Please fix the grammar',
              uploaderId: 'ada',
              createdOn: '2026-01-01T10:00:00.000Z',
            },
          ],
          { inCollection: UPLOADED_DOCUMENTS_COLLECTION },
        ),
      ));
});
