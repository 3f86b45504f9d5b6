import { Inject } from '@nestjs/common';
import type { UploadedDocument } from '@app/contracts';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { ReadStore } from '@app/read-store';
import { UPLOADED_DOCUMENTS_COLLECTION, type UploadedDocument as StoredDocument } from '@app/projections';
import { AuthorNames } from '../shared/author-names';
import { READ_STORE } from '../infrastructure/tokens';

/** GET /api/File/Documents (admins): every live uploaded document, newest first. */
export class ListDocumentsQuery extends Query<UploadedDocument[]> {}

@QueryHandler(ListDocumentsQuery)
export class ListDocumentsHandler implements IQueryHandler<ListDocumentsQuery, UploadedDocument[]> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly authorNames: AuthorNames,
  ) {}

  async execute(): Promise<UploadedDocument[]> {
    const documents = await this.readStore.find<StoredDocument>(UPLOADED_DOCUMENTS_COLLECTION, {}, { sort: [['fileId', -1]] });
    const uploaderOf = await this.authorNames.lookup(documents.map((document) => document.uploaderId));
    return documents.map(({ fileId, fileDisplayName, uploadedFileName, instructions, uploaderId, createdOn }) => ({
      id: fileId,
      fileDisplayName,
      uploadedFileName,
      instructions,
      uploaderUserName: uploaderOf(uploaderId).uName,
      name: uploaderOf(uploaderId).name,
      createdOn,
    }));
  }
}
