import type { Actor } from '../posts/authorization';
import type { ModerationMode } from '../posts/moderation';
import type { ArticleFields } from './events';

/** Creates the article; a draft unless `isPublished` is true. `id` comes from the post id generator. */
export interface DraftArticle {
  type: 'DraftArticle';
  id: number;
  actor: Actor;
  fields: ArticleFields;
  isPublished?: boolean;
  defaultImageId?: number;
  moderation: ModerationMode;
  now: Date;
}

/** One save of the submit page: edits fields, publishes or unpublishes, picks the default image. */
export interface EditArticle {
  type: 'EditArticle';
  id: number;
  actor: Actor;
  fields: ArticleFields;
  isPublished: boolean;
  defaultImageId: number;
  /** Under `pre`, an author's edit of an approved article sends it back for approval. */
  moderation: ModerationMode;
  now: Date;
}

/** A file or image was uploaded to the article (recorded in its own stream): under `pre`, an author's sends it back for approval. */
export interface AttachArticleFile {
  type: 'AttachArticleFile';
  id: number;
  actor: Actor;
  moderation: ModerationMode;
  now: Date;
}

export interface ApproveArticle {
  type: 'ApproveArticle';
  id: number;
  actor: Actor;
  isApproved: boolean;
  now: Date;
}

export interface DeleteArticle {
  type: 'DeleteArticle';
  id: number;
  actor: Actor;
  now: Date;
}

export type ArticleCommand = DraftArticle | EditArticle | AttachArticleFile | ApproveArticle | DeleteArticle;
