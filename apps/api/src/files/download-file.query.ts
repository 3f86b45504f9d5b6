import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { DownloadResult } from '@app/contracts';
import { FILE_NOT_FOUND, notFound, type Actor } from '@app/domain';
import { downloadNameFor, type FileStore } from '@app/files';
import { FILE_STORE } from './file-store.provider';
import { ReadableFiles } from './readable-files';
import { storageFolderOf } from './storage-folder';

/** GET /api/File/{id}/{fileDisplayName}: a logged-in user's download, base64 (SPEC §3 'Download result'); browsers use /File/{id}/{name} (attachment-download.route.ts). */
export class DownloadFileQuery extends Query<DownloadResult> {
  constructor(
    readonly viewer: Actor,
    readonly id: number,
  ) {
    super();
  }
}

@QueryHandler(DownloadFileQuery)
export class DownloadFileHandler implements IQueryHandler<DownloadFileQuery, DownloadResult> {
  constructor(
    private readonly files: ReadableFiles,
    @Inject(FILE_STORE) private readonly fileStore: FileStore,
  ) {}

  async execute({ viewer, id }: DownloadFileQuery): Promise<DownloadResult> {
    const upload = await this.files.find(viewer, id);
    const bytes = await this.fileStore.get(storageFolderOf(upload.attachmentTypeId), upload.uploadedFileName);
    if (!bytes) throw notFound(FILE_NOT_FOUND);
    return { fileContents: bytes.toString('base64'), fileDownloadName: downloadNameFor(upload.fileDisplayName, upload.extension) };
  }
}
