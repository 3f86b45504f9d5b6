import type { RecordedEvent } from '@app/event-store';
import { applyEvents, recordedEvent, useTemporaryReadStore } from '../testing/projection-test-kit';
import { UPLOADED_DOCUMENTS_COLLECTION, uploadedDocumentsProjection, type UploadedDocument } from './uploaded-documents.projection';

const upload = (id: number, attachmentTypeId: number) =>
  recordedEvent(`file-${id}`, 'FileUploaded', {
    id,
    uploaderId: 'ada',
    attachmentTypeId,
    fileDisplayName: `essay-${id}.docx`,
    uploadedFileName: `stored-${id}.docx`,
    instructions: 'Please fix the grammar',
    referenceId: 0,
    extension: 'docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    size: 100,
    at: `2026-01-0${id}T10:00:00.000Z`,
  });

describe('uploaded-documents projection', () => {
  const readStore = useTemporaryReadStore();
  const apply = (...events: RecordedEvent[]) => applyEvents(readStore(), uploadedDocumentsProjection, ...events);

  it('lists documents only, and drops a deleted one', async () => {
    await apply(
      upload(1, 1),
      upload(2, 2),
      upload(3, 1),
      upload(4, 4),
      recordedEvent('file-3', 'FileDeleted', { at: '2026-01-05T10:00:00.000Z' }),
      recordedEvent('file-2', 'FileDeleted', { at: '2026-01-05T10:00:00.000Z' }),
    );
    expect(await readStore().find<UploadedDocument>(UPLOADED_DOCUMENTS_COLLECTION)).toEqual([
      {
        id: 'file-1',
        fileId: 1,
        fileDisplayName: 'essay-1.docx',
        uploadedFileName: 'stored-1.docx',
        instructions: 'Please fix the grammar',
        uploaderId: 'ada',
        createdOn: '2026-01-01T10:00:00.000Z',
      },
    ]);
  });
});
