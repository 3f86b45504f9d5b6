import { Inject, Logger } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { fileDecider, fileStreamName, uploadOf, type Actor } from '@app/domain';
import type { FileStore } from '@app/files';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import { FILE_READ_MODELS } from './file-read-models';
import { FILE_STORE } from './file-store.provider';
import { FileVisibility } from './file-visibility';
import { storageFolderOf } from './storage-folder';

/** The uploader or an admin deletes a file: recorded first, then its bytes are removed. */
export class DeleteFileCommand extends Command<true> {
  constructor(
    readonly actor: Actor,
    readonly id: number,
  ) {
    super();
  }
}

@CommandHandler(DeleteFileCommand)
export class DeleteFileHandler implements ICommandHandler<DeleteFileCommand, true> {
  private readonly logger = new Logger('Files');

  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly visibility: FileVisibility,
    @Inject(FILE_STORE) private readonly fileStore: FileStore,
  ) {}

  async execute({ actor, id }: DeleteFileCommand): Promise<true> {
    const streamName = fileStreamName(id);
    const before = await this.commands.load(streamName, fileDecider);
    const visibleToActor = await this.visibility.mayDelete(actor, uploadOf(before.state));
    const { position } = await this.commands.execute(
      streamName,
      fileDecider,
      { type: 'DeleteFile', id, actor, visibleToActor },
      { actor: actor.accountId },
    );
    const upload = uploadOf((await this.commands.load(streamName, fileDecider)).state);
    if (upload) {
      const { attachmentTypeId, uploadedFileName } = upload;
      // The event is the deletion: the file is gone from every list and download even if removing its bytes fails (logged).
      await this.fileStore
        .delete(storageFolderOf(attachmentTypeId), uploadedFileName)
        .catch((error: unknown) => this.logger.warn(`Could not remove ${uploadedFileName}: ${String(error)}`));
    }
    await this.commands.settle(position, FILE_READ_MODELS);
    return true;
  }
}
