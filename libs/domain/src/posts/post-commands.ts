import type { Actor } from './authorization';
import type { ModerationMode } from './moderation';
import type { PostFields } from './post-events';

/** What a command does to its post, whatever the kind (the post kind maps each role to its command name). */
export type PostCommandRole = 'draft' | 'edit' | 'attachFile' | 'approve' | 'delete';

/** `id` comes from the post id generator; a draft unless `isPublished`. */
export interface DraftPost {
  type: 'DraftArticle' | 'AskQuestion';
  id: number;
  actor: Actor;
  fields: PostFields;
  isPublished?: boolean;
  defaultImageId?: number;
  moderation: ModerationMode;
  /** The accounts the content mentions, as the API resolved its `@name` handles (mentionedUserNames). */
  mentionIds?: readonly string[];
  now: Date;
}

/** One save of the editor: edits fields, publishes or unpublishes, picks the default image. */
export interface EditPost {
  type: 'EditArticle' | 'EditQuestion';
  id: number;
  actor: Actor;
  fields: PostFields;
  isPublished: boolean;
  defaultImageId: number;
  /** Under `pre`, an author's edit of an approved post sends it back for approval. */
  moderation: ModerationMode;
  mentionIds?: readonly string[];
  now: Date;
}

/** A file or image was uploaded to the post (recorded in its own stream): under `pre`, an author's sends it back for approval. */
export interface AttachPostFile {
  type: 'AttachArticleFile' | 'AttachQuestionFile';
  id: number;
  actor: Actor;
  moderation: ModerationMode;
  now: Date;
}

export interface ApprovePost {
  type: 'ApproveArticle' | 'ApproveQuestion';
  id: number;
  actor: Actor;
  isApproved: boolean;
  now: Date;
}

export interface DeletePost {
  type: 'DeleteArticle' | 'DeleteQuestion';
  id: number;
  actor: Actor;
  now: Date;
}

export type PostCommand = DraftPost | EditPost | AttachPostFile | ApprovePost | DeletePost;

/** The command of a role, its `type` named as the kind names it (metrics count commands by that name). */
export type PostCommandOf<Role extends PostCommandRole> = {
  draft: DraftPost;
  edit: EditPost;
  attachFile: AttachPostFile;
  approve: ApprovePost;
  delete: DeletePost;
}[Role];
