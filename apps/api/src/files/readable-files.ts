import { Injectable } from '@nestjs/common';
import { FILE_NOT_FOUND, fileDecider, fileStreamName, notFound, type Actor, type FileUploadedData } from '@app/domain';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import { FileVisibility } from './file-visibility';

/** A file the viewer may download, read from its own stream: a download right after an upload or a deletion sees it. */
@Injectable()
export class ReadableFiles {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly visibility: FileVisibility,
  ) {}

  /** The upload, or a not-found DomainError (never 403: whether a hidden file exists is not told). */
  async find(viewer: Actor, id: number): Promise<FileUploadedData> {
    const { state } = await this.commands.load(fileStreamName(id), fileDecider);
    const upload = state.status === 'live' ? state.upload : null;
    if (!upload || !(await this.visibility.mayRead(viewer, upload))) throw notFound(FILE_NOT_FOUND);
    return upload;
  }
}
