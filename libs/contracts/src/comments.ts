import { z } from 'zod';
import { NOTIFICATION_KIND_NAMES } from './follows';
import { POST_MESSAGES } from './posts';
import { hasTextOrImage, ifPresent, positiveId, requiredString } from './rules';

/** SPEC §9: the comment grid fetches 20 at a time; the server caps a page at 100. */
export const COMMENT_PAGE_SIZE = 20;
export const MAX_COMMENT_PAGE_SIZE = 100;
/** `lastFetchedId` that starts a comment listing from its beginning; `parentId` of a top-level comment. */
export const FIRST_PAGE_ID = -1;
export const TOP_LEVEL_COMMENT = -1;

/** At most 9 comments per user in 30 seconds (dev.to's limit). */
export const COMMENT_RATE_LIMIT = { maxComments: 9, windowSeconds: 30 } as const;

export const COMMENT_MESSAGES = {
  contentRequired: POST_MESSAGES.contentRequired,
  idInvalid: '- Id is invalid',
  articleIdInvalid: '- Article id is invalid',
  questionIdInvalid: '- Question id is invalid',
  parentIdInvalid: '- Parent comment id is invalid',
  attachedFileInvalid: '- Attached file is invalid',
  isLikedRequired: '- isLiked is required',
  rateLimited: `You are commenting too fast: at most ${COMMENT_RATE_LIMIT.maxComments} comments in ${COMMENT_RATE_LIMIT.windowSeconds} seconds. Please wait a moment and try again.`,
  pageInvalid: 'The page parameters are invalid.',
  linkInvalid: 'This link is invalid.',
  enabledRequired: '- enabled is required',
} as const;

const commentContent = requiredString(COMMENT_MESSAGES.contentRequired).refine(hasTextOrImage, ifPresent(COMMENT_MESSAGES.contentRequired));

/** The images uploaded into the comment (attachment types 6, 7): by id, as numbers or as the upload results the SPA keeps. */
const attachedFiles = z
  .array(z.union([positiveId(COMMENT_MESSAGES.attachedFileInvalid), z.object({ id: positiveId(COMMENT_MESSAGES.attachedFileInvalid) })]), {
    error: COMMENT_MESSAGES.attachedFileInvalid,
  })
  .nullish()
  .transform((files) => (files ?? []).map((file) => (typeof file === 'number' ? file : file.id)));

const parentId = z
  .number({ error: COMMENT_MESSAGES.parentIdInvalid })
  .int(COMMENT_MESSAGES.parentIdInvalid)
  .refine((id) => id === TOP_LEVEL_COMMENT || (id > 0 && Number.isSafeInteger(id)), COMMENT_MESSAGES.parentIdInvalid)
  .nullish()
  .transform((id) => id ?? TOP_LEVEL_COMMENT);

/** SPEC §3 comment create payload; `uName` is ignored (the author is the caller). */
const commentCreateFields = {
  uName: z.string().nullish(),
  content: commentContent,
  attachedFiles,
  parentId,
};

export const articleCommentCreateRequestSchema = z.object({
  ...commentCreateFields,
  articleID: positiveId(COMMENT_MESSAGES.articleIdInvalid),
});
export type ArticleCommentCreateRequest = z.infer<typeof articleCommentCreateRequestSchema>;

export const questionCommentCreateRequestSchema = z.object({
  ...commentCreateFields,
  questionID: positiveId(COMMENT_MESSAGES.questionIdInvalid),
});
export type QuestionCommentCreateRequest = z.infer<typeof questionCommentCreateRequestSchema>;

export const commentEditRequestSchema = z.object({
  id: positiveId(COMMENT_MESSAGES.idInvalid),
  content: commentContent,
});
export type CommentEditRequest = z.infer<typeof commentEditRequestSchema>;

/** PUT .../Like on the four likeable items. */
export const likeRequestSchema = z.object({
  id: positiveId(COMMENT_MESSAGES.idInvalid),
  isLiked: z.boolean({ error: COMMENT_MESSAGES.isLikedRequired }),
});
export type LikeRequest = z.infer<typeof likeRequestSchema>;

/**
 * GET .../Comments/{postId}/{lastFetchedId}/{pageSize}/{oldestFirst}: comments after `lastFetchedId`
 * (-1: from the beginning) in id order, oldest first when `oldestFirst` is 'true'; `pageSize` above
 * 100 is read as 100.
 */
export const commentPageParamsSchema = z.object({
  postId: z.coerce.number({ error: COMMENT_MESSAGES.pageInvalid }).int(COMMENT_MESSAGES.pageInvalid).positive(COMMENT_MESSAGES.pageInvalid),
  lastFetchedId: z.coerce
    .number({ error: COMMENT_MESSAGES.pageInvalid })
    .int(COMMENT_MESSAGES.pageInvalid)
    .min(FIRST_PAGE_ID, COMMENT_MESSAGES.pageInvalid),
  pageSize: z.coerce
    .number({ error: COMMENT_MESSAGES.pageInvalid })
    .int(COMMENT_MESSAGES.pageInvalid)
    .positive(COMMENT_MESSAGES.pageInvalid)
    .transform((size) => Math.min(size, MAX_COMMENT_PAGE_SIZE)),
  oldestFirst: z.enum(['true', 'false'], { error: COMMENT_MESSAGES.pageInvalid }).transform((value) => value === 'true'),
});
export type CommentPageParams = z.infer<typeof commentPageParamsSchema>;

/** SPEC §3 Comment, plus what the grid needs to show its buttons truthfully. */
export interface Comment {
  id: number;
  name: string;
  uName: string;
  content: string;
  parentId: number;
  likes: number;
  createdOn: string;
  updatedOn: string | null;
  /** Only admins (and the author) see unapproved comments; the grid shows Approve or Unapprove from it. */
  isApproved: boolean;
  /** Whether the logged-in reader likes it (false for anonymous readers). */
  isLikedByMe: boolean;
  /** The author's profile picture (its uploadedFileName), or '' when none or the author is erased. Beyond SPEC §3: the grid shows it. */
  profilePic: string;
  /** Issue 27: whether it is its question's accepted answer (always false on an article's comment). */
  isAccepted: boolean;
}

/** The result of PUT .../Like. */
export interface LikeResult {
  likes: number;
  isLiked: boolean;
}

/** SPEC §3 Liked-user item; `profilePic` is the picture's uploadedFileName, or '' when none. */
export interface LikedUser {
  name: string;
  uName: string;
  profilePic: string;
}

/** The query of the unsubscribe link in notification e-mails (`uname` carries the account id, as in credential links). */
export const unsubscribeQuerySchema = z.object({
  uname: requiredString(COMMENT_MESSAGES.linkInvalid),
  hash: requiredString(COMMENT_MESSAGES.linkInvalid),
  /** The kind the link unsubscribes from; absent on links mailed before kinds (comments and replies). */
  kind: z.enum(NOTIFICATION_KIND_NAMES, { error: COMMENT_MESSAGES.linkInvalid }).optional(),
});
export type UnsubscribeQuery = z.infer<typeof unsubscribeQuerySchema>;

/** PUT /api/Account/CommentNotifications: the logged-in user turns comment e-mails on or off. */
export const commentNotificationsRequestSchema = z.object({
  enabled: z.boolean({ error: COMMENT_MESSAGES.enabledRequired }),
});
export type CommentNotificationsRequest = z.infer<typeof commentNotificationsRequestSchema>;

/** GET /api/Account/CommentNotifications: whether the logged-in user gets comment e-mails. */
export interface CommentNotificationsSetting {
  enabled: boolean;
}
