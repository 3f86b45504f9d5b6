import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { DownloadResult } from '@app/contracts';
import { FILE_NOT_FOUND, fileDecider, fileStreamName, notFound, type Actor } from '@app/domain';
import { downloadNameFor, type FileStore } from '@app/files';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import { FILE_STORE } from './file-store.provider';
import { FileVisibility } from './file-visibility';
import { storageFolderOf } from './storage-folder';

/** GET /api/File/{id}/{fileDisplayName}: a logged-in user's download, base64 (SPEC §3 'Download result'). */
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
    private readonly commands: EventSourcedCommands,
    private readonly visibility: FileVisibility,
    @Inject(FILE_STORE) private readonly fileStore: FileStore,
  ) {}

  async execute({ viewer, id }: DownloadFileQuery): Promise<DownloadResult> {
    // The file's own stream: a download right after an upload or a deletion sees it.
    const { state } = await this.commands.load(fileStreamName(id), fileDecider);
    const upload = state.upload;
    if (!upload || state.deleted || !(await this.visibility.mayRead(viewer, upload))) throw notFound(FILE_NOT_FOUND);
    const bytes = await this.fileStore.get(storageFolderOf(upload.attachmentTypeId), upload.uploadedFileName);
    if (!bytes) throw notFound(FILE_NOT_FOUND);
    return { fileContents: bytes.toString('base64'), fileDownloadName: downloadNameFor(upload.fileDisplayName, upload.extension) };
  }
}
