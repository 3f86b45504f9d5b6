import { z } from 'zod';
import {
  hasTextOrImage,
  ifPresent,
  MAX_LENGTHS,
  optionalText,
  positiveId,
  requiredString,
  type AttachmentType,
  type EntityType,
} from './rules';

/** SPEC §8: what the submit pages say when a save or an upload is tried with an invalid form. */
export const FILL_REQUIRED_FIELDS_MESSAGE = 'Fill all required fields first';

/** `defaultImageId` when no image has been chosen. */
export const NO_DEFAULT_IMAGE_ID = -1;

export const POST_MESSAGES = {
  idInvalid: '- Id is invalid',
  categoryRequired: '- Category is required',
  tagsRequired: '- Tags are required',
  tagInvalid: '- Tag is invalid',
  titleRequired: '- Title is required',
  titleTooLong: `- Title must be max ${MAX_LENGTHS.postTitle} characters`,
  descriptionRequired: '- Description is required',
  descriptionTooLong: `- Description must be max ${MAX_LENGTHS.articleDescription} characters`,
  contentRequired: '- Content is required',
  sourceTooLong: `- Source must be max ${MAX_LENGTHS.source} characters`,
  instructionsTooLong: `- Instructions must be max ${MAX_LENGTHS.instructions} characters`,
  defaultImageInvalid: '- Default image is invalid',
  isApprovedRequired: '- isApproved is required',
} as const;

const postId = positiveId(POST_MESSAGES.idInvalid).nullish();

/** The server takes a tag's name from the master data by id; the names the SPA sends are ignored. */
const tagReference = z.object({
  id: positiveId(POST_MESSAGES.tagInvalid),
  subTag: z.string().nullish(),
  name: z.string().nullish(),
});

const postTags = z.array(tagReference, { error: POST_MESSAGES.tagsRequired }).min(1, POST_MESSAGES.tagsRequired);

const postTitle = requiredString(POST_MESSAGES.titleRequired).max(MAX_LENGTHS.postTitle, POST_MESSAGES.titleTooLong);

/** Editor html: required means some visible text or an image (an empty editor still holds `<p></p>`). */
const editorContent = requiredString(POST_MESSAGES.contentRequired).refine(hasTextOrImage, ifPresent(POST_MESSAGES.contentRequired));

const defaultImageId = z
  .number({ error: POST_MESSAGES.defaultImageInvalid })
  .int(POST_MESSAGES.defaultImageInvalid)
  .refine((id) => id === NO_DEFAULT_IMAGE_ID || (id > 0 && Number.isSafeInteger(id)), POST_MESSAGES.defaultImageInvalid)
  .default(NO_DEFAULT_IMAGE_ID);

/** SPEC §3 article submit model and §5 article rules. */
export const articleSaveRequestSchema = z.object({
  id: postId,
  title: postTitle,
  description: requiredString(POST_MESSAGES.descriptionRequired).max(MAX_LENGTHS.articleDescription, POST_MESSAGES.descriptionTooLong),
  categoryId: positiveId(POST_MESSAGES.categoryRequired),
  tags: postTags,
  content: editorContent,
  source: optionalText(MAX_LENGTHS.source, POST_MESSAGES.sourceTooLong),
  instructions: optionalText(MAX_LENGTHS.instructions, POST_MESSAGES.instructionsTooLong),
  isPublished: z.boolean().default(false),
  defaultImageId,
});
export type ArticleSaveRequest = z.infer<typeof articleSaveRequestSchema>;
export const ArticleSaveRequest = articleSaveRequestSchema;

/** SPEC §3 question submit model and §5 question rules. */
export const questionSaveRequestSchema = z.object({
  id: postId,
  categoryId: positiveId(POST_MESSAGES.categoryRequired),
  tags: postTags,
  title: postTitle,
  content: editorContent,
  /** Issue 25: a question being written is a draft until 'Post Your Question'; absent means posted, as before question drafts. */
  isPublished: z.boolean().optional(),
  defaultImageId,
});
export type QuestionSaveRequest = z.infer<typeof questionSaveRequestSchema>;
export const QuestionSaveRequest = questionSaveRequestSchema;

export const approveRequestSchema = z.object({
  id: positiveId(POST_MESSAGES.idInvalid),
  isApproved: z.boolean({ error: POST_MESSAGES.isApprovedRequired }),
});
export type ApproveRequest = z.infer<typeof approveRequestSchema>;
export const ApproveRequest = approveRequestSchema;

export interface Tag {
  id: number;
  subTag: string;
}

export interface Category {
  id: number;
  subCategory: string;
}

export interface AttachedFile {
  id: number;
  fileDisplayName: string;
  attachmentTypeId: AttachmentType;
  uploadedFileName: string;
  instructions: string;
}

/** What GET /api/{Article|Question}/{id} returns for a post of either kind (SPEC §3); `name` is the author's display name. */
export interface PostRead {
  id: number;
  title: string;
  categoryId: number;
  category: string;
  tags: Tag[];
  content: string;
  uName: string;
  name: string;
  isApproved: boolean;
  /** -1 when none was chosen. */
  defaultImageId: number;
  createdOn: string;
  updatedOn: string | null;
  likes: number;
  attachedFiles: AttachedFile[];
  /** Images uploaded into the post (attachment types 4, 5), for the submit page's 'uploaded images' list. */
  images: AttachedFile[];
  /** Whether the logged-in reader likes it (false for anonymous readers), so the like button shows the truth. Always set by GET; absent in the data export. */
  isLikedByMe?: boolean;
  /** Whether the post is on the logged-in reader's reading list (issue 26; false for anonymous readers). */
  isSavedByMe?: boolean;
}

/** SPEC §3 Article as GET /api/Article/{id} returns it. */
export interface Article extends PostRead {
  description: string;
  source: string;
  instructions: string;
  isPublished: boolean;
}

/** SPEC §3 Question. */
export interface Question extends PostRead {
  /** Issue 25: false on a question draft (which only its author and admins read); absent once posted. */
  isPublished?: false;
  /** Issue 27: the id of the comment its author accepted as the answer; null when none. */
  acceptedCommentId: number | null;
}

/** Issue 27: PUT /api/Question/AcceptAnswer; `commentId: null` clears the accepted answer. */
export const acceptAnswerRequestSchema = z.object({
  questionId: positiveId(POST_MESSAGES.idInvalid),
  commentId: positiveId('Comment id is invalid.').nullable(),
});
export type AcceptAnswerRequest = z.infer<typeof acceptAnswerRequestSchema>;
export const AcceptAnswerRequest = acceptAnswerRequestSchema;

/** SPEC §3 grid post item (home lists and search results); the SPA derives postUrl and the times. */
export interface GridPostItem {
  id: number;
  entityType: EntityType;
  title: string;
  name: string;
  uName: string;
  tags: Tag[];
  likes: number;
  isApproved: boolean;
  createdOn: string;
  updatedOn: string | null;
  articleDescription: string | null;
  /** Home lists only (issue 25): the comments every reader sees. */
  comments?: number;
  /** Home lists only (issue 25): an article's reading time in whole minutes; null for a question. */
  readingMinutes?: number | null;
  /** Home lists and search rows (issue 27): whether a question has an accepted answer; absent on articles. */
  isSolved?: boolean;
  /**
   * Search rows sorted `top` or `trending` (issue 27): the score the row was ordered by, which the
   * next page's `pager.lastFetchedScore.score` carries with the row's id.
   */
  sortScore?: number;
  /** Search rows for a logged-in reader (issue 26): whether the post is on their reading list. */
  isSavedByMe?: boolean;
}

export interface HomeResult {
  articles: GridPostItem[];
  questions: GridPostItem[];
}

/** What someone did to a post or one of its comments, as the moderation history and the Admin Panel feed report it. */
export type ModerationAction =
  | 'create'
  | 'edit'
  | 'publish'
  | 'unpublish'
  | 'approve'
  | 'unapprove'
  | 'delete'
  | 'approve-comment'
  | 'unapprove-comment'
  | 'delete-comment'
  /** Issue 27: three eligible flags hid the post or comment (actor `system`), and an admin's resolution of its flags. */
  | 'hidden-by-flags'
  | 'dismiss-flags'
  | 'hide-flagged'
  | 'delete-flagged'
  // Issue 27: done to a person (entityType and postId 0; `subject` names them).
  | 'suspend'
  | 'unsuspend';

/** One entry of GET /api/Moderation/{entityType}/{id} (one post's moderation trail), oldest first. */
export interface ModerationHistoryEntry {
  action: ModerationAction;
  /** Who did it: their handle ('Deleted user' once erased), or `system` / `operator`. */
  actor: string;
  at: string;
  /** Set for the actions on one of the post's comments (approve-comment, unapprove-comment, delete-comment). */
  commentId?: number;
}

/** One entry of GET /api/Moderation (the Admin Panel feed), newest first. */
export interface RecentModerationEntry {
  /** 1 article, 2 question. */
  entityType: number;
  postId: number;
  /** The post's current title, so the Admin Panel can name it. */
  title: string;
  action: ModerationAction;
  /** Who did it: their handle (to link their profile), or `system` / `operator`. */
  actor: string;
  /** How to name them: their display name ('Deleted user' once erased), or `system` / `operator`. */
  actorName: string;
  at: string;
  /** For 'suspend' / 'unsuspend' (issue 27): the person, and the suspension's end (null: indefinite) and reason. */
  subject?: { userName: string; name: string };
  until?: string | null;
  reason?: string;
}
