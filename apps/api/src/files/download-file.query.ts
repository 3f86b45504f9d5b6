import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { DownloadResult } from '@app/contracts';
import {
  ATTACHMENT_TYPES,
  canEdit,
  FILE_NOT_FOUND,
  fileDecider,
  fileStreamName,
  isVisibleTo,
  notFound,
  referencedPostKindOf,
  type Actor,
  type FileUploadedData,
} from '@app/domain';
import type { FileStore } from '@app/files';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import { FILE_STORE } from './file-store.provider';
import { ReferencedPosts } from './referenced-post';
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
    private readonly referencedPosts: ReferencedPosts,
    @Inject(FILE_STORE) private readonly fileStore: FileStore,
  ) {}

  async execute({ viewer, id }: DownloadFileQuery): Promise<DownloadResult> {
    // The file's own stream: a download right after an upload or a deletion sees it.
    const { state } = await this.commands.load(fileStreamName(id), fileDecider);
    const upload = state.upload;
    if (!upload || state.deleted || !(await this.mayDownload(viewer, upload))) throw notFound(FILE_NOT_FOUND);
    const bytes = await this.fileStore.get(storageFolderOf(upload.attachmentTypeId), upload.uploadedFileName);
    if (!bytes) throw notFound(FILE_NOT_FOUND);
    return { fileContents: bytes.toString('base64'), fileDownloadName: upload.fileDisplayName };
  }

  /** Documents are for their uploader and the staff; a post's files for whoever may read the post. */
  private async mayDownload(viewer: Actor, upload: FileUploadedData): Promise<boolean> {
    if (upload.attachmentTypeId === ATTACHMENT_TYPES.Document) return canEdit(viewer, upload.uploaderId);
    if (referencedPostKindOf(upload.attachmentTypeId) === null || upload.referenceId <= 0) return true;
    const post = await this.referencedPosts.load(upload.attachmentTypeId, upload.referenceId);
    return post !== null && isVisibleTo(post, viewer);
  }
}
