import type { Actor } from '../posts/authorization';

/**
 * The post an upload's `referenceId` names, as that post's own stream knows it (the API loads it
 * before deciding); null when no such post was ever created.
 */
export interface ReferencedPost {
  kind: 'article' | 'question';
  authorId: string;
  isPublished: boolean;
  isApproved: boolean;
  deleted: boolean;
}

/**
 * Records an upload whose bytes are already in the FileStore under `uploadedFileName`. The API has
 * checked the content against `extension` (magic bytes); `id` comes from the post id generator.
 */
export interface UploadFile {
  type: 'UploadFile';
  id: number;
  actor: Actor;
  attachmentTypeId: number;
  fileDisplayName: string;
  instructions: string;
  referenceId: number;
  referencedPost: ReferencedPost | null;
  uploadedFileName: string;
  extension: string;
  size: number;
  now: Date;
}

/** The uploader or an admin deletes a file. */
export interface DeleteFile {
  type: 'DeleteFile';
  id: number;
  actor: Actor;
  /** Whether the actor may see the file (download it): if not, it is 404 as an unknown id, not 403. */
  visibleToActor: boolean;
  now: Date;
}

export type FileCommand = UploadFile | DeleteFile;
