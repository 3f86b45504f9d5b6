import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordedEvent } from '@app/event-store';
import { createReadStore, type ReadStore } from '@app/read-store';
import { UPLOADED_DOCUMENTS_COLLECTION, uploadedDocumentsProjection, type UploadedDocument } from './uploaded-documents.projection';

let position = 0n;
const recorded = (streamName: string, type: string, data: Record<string, unknown>): RecordedEvent => ({
  id: `event-${++position}`,
  streamName,
  revision: 0,
  position,
  type,
  data,
  metadata: { actor: 'ada', occurredAt: '2026-01-01T00:00:00.000Z' },
  recordedAt: new Date(),
});
const upload = (id: number, attachmentTypeId: number) =>
  recorded(`file-${id}`, 'FileUploaded', {
    id,
    uploaderUserName: 'ada',
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
  let dataDir: string;
  let readStore: ReadStore;
  const apply = (...events: RecordedEvent[]) =>
    readStore.transaction(async (tx) => {
      for (const event of events) await uploadedDocumentsProjection.apply(event, tx);
    });

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'uploaded-documents-'));
    readStore = await createReadStore({ dataDir });
  });
  afterEach(async () => {
    await readStore.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists documents only, and drops a deleted one', async () => {
    await apply(upload(1, 1), upload(2, 2), upload(3, 1), upload(4, 4), recorded('file-3', 'FileDeleted', { at: '2026-01-05T10:00:00.000Z' }), recorded('file-2', 'FileDeleted', { at: '2026-01-05T10:00:00.000Z' }));
    expect(await readStore.find<UploadedDocument>(UPLOADED_DOCUMENTS_COLLECTION)).toEqual([
      {
        id: 'file-1',
        fileId: 1,
        fileDisplayName: 'essay-1.docx',
        uploadedFileName: 'stored-1.docx',
        instructions: 'Please fix the grammar',
        uploaderUserName: 'ada',
        createdOn: '2026-01-01T10:00:00.000Z',
      },
    ]);
  });
});
