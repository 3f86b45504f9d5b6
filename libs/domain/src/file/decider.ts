import { FILE_MESSAGES, WRONG_TYPE_MESSAGE } from '@app/contracts';
import { POST_KINDS } from '../posts/post-kinds';
import { requireOwnerOrAdmin } from '../posts/authorization';
import { isVisibleTo } from '../posts/visibility';
import type { Decider } from '../shared/decider';
import { conflict, notFound, validationError } from '../shared/errors';
import {
  ALLOWED_EXTENSIONS,
  CONTENT_TYPES,
  FILE_LIMITS,
  isAttachmentTypeId,
  maxInstructionsOf,
  referencedPostKindOf,
  requiresEditablePost,
  uploadCategoryOf,
  type AttachmentTypeId,
  type UploadCategory,
} from './attachment-types';
import type { DeleteFile, FileCommand, UploadFile } from './commands';
import { FILE_ALREADY_EXISTS, FILE_NOT_FOUND } from './errors';
import type { FileEvent, FileUploadedData } from './events';

/** Nothing yet; an uploaded file; a deleted file (404 for every command, kept for its history). */
export type FileState =
  { status: 'initial' } | { status: 'live'; upload: FileUploadedData } | { status: 'deleted'; upload: FileUploadedData };

export const initialFileState: FileState = { status: 'initial' };

/** The upload, deleted or not; null when nothing was uploaded. */
export const uploadOf = (state: FileState): FileUploadedData | null => (state.status === 'initial' ? null : state.upload);

/** A generated stored name: never a path, never hidden (the FileStore refuses anything else too). */
const STORED_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,254}$/;

const NO_REFERENCE = new Set([0, -1]);

const INSTRUCTIONS_TOO_LONG: Record<UploadCategory, string> = {
  document: FILE_MESSAGES.documentInstructionsTooLong,
  attachment: FILE_MESSAGES.instructionsTooLong,
  image: FILE_MESSAGES.descriptionTooLong,
  profilePicture: FILE_MESSAGES.descriptionTooLong,
};

function checkReference(command: UploadFile, type: AttachmentTypeId): void {
  const { referenceId, referencedPost, actor } = command;
  if (!Number.isSafeInteger(referenceId) || (referenceId <= 0 && !NO_REFERENCE.has(referenceId)))
    throw validationError(FILE_MESSAGES.referenceInvalid);
  const kind = referencedPostKindOf(type);
  if (kind === null) {
    if (referenceId > 0) throw validationError(FILE_MESSAGES.referenceInvalid);
    return;
  }
  if (referenceId <= 0) {
    // Comment images may be uploaded before their comment exists; post files and images may not.
    if (requiresEditablePost(type)) throw validationError(FILE_MESSAGES.referenceInvalid);
    return;
  }
  const missing = POST_KINDS[kind].notFound;
  if (!referencedPost || referencedPost.kind !== kind) throw notFound(missing);
  if (requiresEditablePost(type)) {
    if (referencedPost.deleted) throw notFound(missing);
    // A post the uploader cannot see is 404, as an unknown one: the 403 below would tell it exists.
    if (!isVisibleTo(referencedPost, actor)) throw notFound(missing);
    requireOwnerOrAdmin(actor, referencedPost.authorId);
  } else if (!isVisibleTo(referencedPost, actor)) {
    // A comment image belongs to a post the commenter can read.
    throw notFound(missing);
  }
}

function upload(command: UploadFile, state: FileState): FileEvent[] {
  if (state.status !== 'initial') throw conflict(FILE_ALREADY_EXISTS); // ids come from the server: an id collision
  const type = command.attachmentTypeId;
  if (!isAttachmentTypeId(type)) throw validationError(FILE_MESSAGES.attachmentTypeInvalid);
  const category = uploadCategoryOf(type);
  const extension = command.extension.toLowerCase();
  if (!ALLOWED_EXTENSIONS[category].includes(extension)) throw validationError(WRONG_TYPE_MESSAGE[category]);
  if (!Number.isSafeInteger(command.size) || command.size <= 0) throw validationError(FILE_MESSAGES.fileRequired);
  if (command.size > FILE_LIMITS.maxBytes) throw validationError(FILE_MESSAGES.tooLarge);
  if (
    !STORED_NAME.test(command.uploadedFileName) ||
    command.uploadedFileName.includes('..') ||
    !command.uploadedFileName.endsWith(`.${extension}`)
  ) {
    throw validationError('Stored file name is invalid.');
  }
  const fileDisplayName = command.fileDisplayName.trim();
  if (fileDisplayName.length === 0 && (category === 'attachment' || category === 'image'))
    throw validationError(category === 'image' ? FILE_MESSAGES.captionRequired : FILE_MESSAGES.fileNameRequired);
  if (fileDisplayName.length > FILE_LIMITS.displayName)
    throw validationError(category === 'image' ? FILE_MESSAGES.captionTooLong : FILE_MESSAGES.fileNameTooLong);
  const instructions = command.instructions.trim();
  const maxInstructions = maxInstructionsOf(category);
  if (instructions.length > maxInstructions) throw validationError(INSTRUCTIONS_TOO_LONG[category]);
  checkReference(command, type);
  return [
    {
      type: 'FileUploaded',
      data: {
        id: command.id,
        uploaderId: command.actor.accountId,
        attachmentTypeId: type,
        fileDisplayName,
        uploadedFileName: command.uploadedFileName,
        instructions,
        referenceId: command.referenceId,
        extension,
        contentType: CONTENT_TYPES[extension],
        size: command.size,
        at: command.now.toISOString(),
      },
    },
  ];
}

function remove(command: DeleteFile, state: FileState): FileEvent[] {
  if (state.status !== 'live' || !command.visibleToActor) throw notFound(FILE_NOT_FOUND);
  requireOwnerOrAdmin(command.actor, state.upload.uploaderId);
  return [{ type: 'FileDeleted', data: { at: command.now.toISOString() } }];
}

function decide(command: FileCommand, state: FileState): FileEvent[] {
  switch (command.type) {
    case 'UploadFile':
      return upload(command, state);
    case 'DeleteFile':
      return remove(command, state);
    default: {
      const _exhaustive: never = command;
      throw new Error(`Unknown file command ${JSON.stringify(_exhaustive)}`);
    }
  }
}

function evolve(state: FileState, event: FileEvent): FileState {
  switch (event.type) {
    case 'FileUploaded':
      return { status: 'live', upload: event.data };
    case 'FileDeleted':
      return state.status === 'live' ? { status: 'deleted', upload: state.upload } : state;
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export const fileDecider: Decider<FileState, FileCommand, FileEvent> = { initialState: initialFileState, evolve, decide };
