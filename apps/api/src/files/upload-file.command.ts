import { Inject, Logger } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { UploadResult } from '@app/contracts';
import {
  fileDecider,
  fileStreamName,
  POST_KINDS,
  postDecider,
  referencedPostKindOf,
  requiresEditablePost,
  type Actor,
  type AttachmentTypeId,
  type PostIdGenerator,
  type UploadFile,
} from '@app/domain';
import { generateStoredName, type FileStore } from '@app/files';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import { POST_ID_GENERATOR } from '../shared/post-id.generator';
import { FILE_READ_MODELS } from './file-read-models';
import { FILE_STORE } from './file-store.provider';
import { ReferencedPosts } from './referenced-post';
import { storageFolderOf } from './storage-folder';
import type { CheckedUpload } from './upload-request';
import { CLOCK, type Clock } from '../infrastructure/tokens';
import { POST_READ_MODELS } from '../posts/post-kinds';
import { AbuseLimits } from '../rate-limits/abuse-limits';

/** Stores a checked upload's bytes under a generated name and records the upload. */
export class UploadFileCommand extends Command<UploadResult> {
  constructor(
    readonly actor: Actor,
    readonly upload: CheckedUpload,
  ) {
    super();
  }
}

@CommandHandler(UploadFileCommand)
export class UploadFileHandler implements ICommandHandler<UploadFileCommand, UploadResult> {
  private readonly logger = new Logger('Files');

  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly limits: AbuseLimits,
    private readonly referencedPosts: ReferencedPosts,
    @Inject(POST_ID_GENERATOR) private readonly nextId: PostIdGenerator,
    @Inject(FILE_STORE) private readonly fileStore: FileStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Limited per account (`upload` in RATE_LIMITS); a refused one does not count. */
  execute(command: UploadFileCommand): Promise<UploadResult> {
    return this.limits.limited('upload', command.actor.accountId, () => this.record(command));
  }

  private async record({ actor, upload }: UploadFileCommand): Promise<UploadResult> {
    const id = this.nextId();
    const command: UploadFile = {
      type: 'UploadFile',
      id,
      actor,
      attachmentTypeId: upload.attachmentTypeId,
      fileDisplayName: upload.fileDisplayName,
      instructions: upload.instructions,
      referenceId: upload.referenceId,
      referencedPost: await this.referencedPosts.load(upload.attachmentTypeId, upload.referenceId),
      uploadedFileName: generateStoredName(upload.extension),
      extension: upload.extension,
      size: upload.bytes.length,
      now: this.clock(),
    };
    // Decided once up front, so a refused upload never touches the disk.
    fileDecider.decide(command, fileDecider.initialState);

    const folder = storageFolderOf(upload.attachmentTypeId);
    await this.fileStore.put(folder, command.uploadedFileName, upload.bytes);
    let outcome;
    try {
      outcome = await this.commands.execute(fileStreamName(id), fileDecider, command, { actor: actor.accountId });
    } catch (error) {
      await this.fileStore
        .delete(folder, command.uploadedFileName)
        .catch((cleanup: unknown) => this.logger.warn(`Could not remove ${command.uploadedFileName}: ${String(cleanup)}`));
      throw error;
    }
    await this.commands.settle(outcome.position, FILE_READ_MODELS);
    await this.attachToPost(command);
    const [uploaded] = outcome.events;
    if (uploaded.type !== 'FileUploaded') throw new Error(`An upload recorded ${uploaded.type}.`);
    const { fileDisplayName, uploadedFileName, attachmentTypeId } = uploaded.data;
    return { id, uploadedFileName, fileDisplayName, attachmentTypeId };
  }

  /**
   * A post's file or image shows on the post: under pre-moderation, an author's upload sends an
   * approved post back for approval, as an edit does (after the file's commit: a failure here
   * leaves the post as it was, and the upload answers the error).
   */
  private async attachToPost({ actor, attachmentTypeId, referenceId, now }: UploadFile): Promise<void> {
    const type = attachmentTypeId as AttachmentTypeId;
    const kind = referencedPostKindOf(type);
    if (kind === null || !requiresEditablePost(type) || referenceId <= 0) return;
    const streamName = POST_KINDS[kind].streamName(referenceId);
    await this.commands.execute(
      streamName,
      postDecider,
      { type: POST_KINDS[kind].commands.attachFile, id: referenceId, actor, now },
      { actor: actor.accountId, settle: POST_READ_MODELS },
    );
  }
}
