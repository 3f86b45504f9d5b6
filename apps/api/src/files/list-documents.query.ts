import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { ReadStore } from '@app/read-store';
import { UPLOADED_DOCUMENTS_COLLECTION, type UploadedDocument } from '@app/projections/uploaded-documents/uploaded-documents.projection';
import { AuthorNames } from '../accounts/author-names';
import { READ_STORE } from '../infrastructure/tokens';

/** A document sent for the staff, with the uploader's current display name as `name`. */
export interface UploadedDocumentItem {
  id: number;
  fileDisplayName: string;
  uploadedFileName: string;
  instructions: string;
  uploaderUserName: string;
  name: string;
  createdOn: string;
}

/** GET /api/File/Documents (admins): every live uploaded document, newest first. */
export class ListDocumentsQuery extends Query<UploadedDocumentItem[]> {}

@QueryHandler(ListDocumentsQuery)
export class ListDocumentsHandler implements IQueryHandler<ListDocumentsQuery, UploadedDocumentItem[]> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly authorNames: AuthorNames,
  ) {}

  async execute(): Promise<UploadedDocumentItem[]> {
    const documents = await this.readStore.find<UploadedDocument>(UPLOADED_DOCUMENTS_COLLECTION, {}, { sort: [['fileId', -1]] });
    const nameOf = await this.authorNames.lookup(documents.map((document) => document.uploaderUserName));
    return documents.map(({ fileId, fileDisplayName, uploadedFileName, instructions, uploaderUserName, createdOn }) => ({
      id: fileId,
      fileDisplayName,
      uploadedFileName,
      instructions,
      uploaderUserName,
      name: nameOf(uploaderUserName),
      createdOn,
    }));
  }
}
