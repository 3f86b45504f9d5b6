import { z } from 'zod';
import type { GridPostItem } from './posts';
import { positiveId, requiredString } from './rules';

export const FOLLOW_MESSAGES = {
  userNameRequired: '- userName is required',
  isFollowingRequired: '- isFollowing is required',
  tagIdInvalid: '- tagId must be a tag id',
  pageInvalid: '- lastFetchedId must be a whole number, -1 or more, and pageSize a whole number from 1',
};

export const DEFAULT_KEYSET_PAGE_SIZE = 20;
export const MAX_KEYSET_PAGE_SIZE = 100;

/**
 * `?lastFetchedId=&pageSize=` of the newest-first lists (followers, reading list, feed, inbox):
 * items older than `lastFetchedId` (omitted or -1: from the newest); `pageSize` above 100 reads as 100.
 */
export const keysetPageQuerySchema = z.object({
  lastFetchedId: z.coerce
    .number({ error: FOLLOW_MESSAGES.pageInvalid })
    .int(FOLLOW_MESSAGES.pageInvalid)
    .min(-1, FOLLOW_MESSAGES.pageInvalid)
    .optional()
    .transform((id) => (id === undefined || id === -1 ? null : id)),
  pageSize: z.coerce
    .number({ error: FOLLOW_MESSAGES.pageInvalid })
    .int(FOLLOW_MESSAGES.pageInvalid)
    .positive(FOLLOW_MESSAGES.pageInvalid)
    .optional()
    .transform((size) => Math.min(size ?? DEFAULT_KEYSET_PAGE_SIZE, MAX_KEYSET_PAGE_SIZE)),
});
export type KeysetPageQuery = z.infer<typeof keysetPageQuerySchema>;

/** PUT /api/Follow/User. */
export const followUserRequestSchema = z.object({
  userName: requiredString(FOLLOW_MESSAGES.userNameRequired),
  isFollowing: z.boolean({ error: FOLLOW_MESSAGES.isFollowingRequired }),
});
export type FollowUserRequest = z.infer<typeof followUserRequestSchema>;

/** PUT /api/Follow/Tag. */
export const followTagRequestSchema = z.object({
  tagId: positiveId(FOLLOW_MESSAGES.tagIdInvalid),
  isFollowing: z.boolean({ error: FOLLOW_MESSAGES.isFollowingRequired }),
});
export type FollowTagRequest = z.infer<typeof followTagRequestSchema>;

/** The answer of both follow calls: whether the caller follows now, and the target's follower count. */
export interface FollowResult {
  isFollowing: boolean;
  followers: number;
}

/** An item of GET /api/User/{userName}/Followers and /Following; `id` is the keyset id of the next page. */
export interface FollowedUser {
  id: number;
  userName: string;
  name: string;
  followedOn: string;
}

/** An item of GET /api/Follow/Tags. */
export interface FollowedTag {
  id: number;
  subTag: string;
  followedOn: string;
}

/** GET /api/Tag/Info/{tagId}. */
export interface TagInfo {
  id: number;
  subTag: string;
  posts: number;
  followers: number;
  isFollowedByMe: boolean;
}

export const READING_LIST_MESSAGES = {
  entityTypeInvalid: '- entityType must be 1 (article) or 2 (question)',
  idInvalid: '- id must be a post id',
  isSavedRequired: '- isSaved is required',
};

/** PUT /api/ReadingList: saves (`isSaved: true`) or unsaves a post for later. */
export const readingListRequestSchema = z.object({
  entityType: z.union([z.literal(1), z.literal(2)], { error: READING_LIST_MESSAGES.entityTypeInvalid }),
  id: positiveId(READING_LIST_MESSAGES.idInvalid),
  isSaved: z.boolean({ error: READING_LIST_MESSAGES.isSavedRequired }),
});
export type ReadingListRequest = z.infer<typeof readingListRequestSchema>;

export interface ReadingListResult {
  isSaved: boolean;
}

/**
 * An item of the newest-first post lists (reading list, my likes, the Following feed): `id` is the
 * keyset id to pass as `lastFetchedId` for the next page, `at` when it was saved, liked or posted.
 */
export interface PostListEntry {
  id: number;
  at: string;
  post: GridPostItem;
}

export const NOTIFICATION_MESSAGES = {
  readInvalid: '- Send ids (a list of notification ids) or all: true',
  kindInvalid: '- kind must be one of: comment, reply, mention, like, follow, post, moderation, answer-accepted, flag-resolved',
  enabledRequired: '- enabled is required',
};

/** The kinds of inbox notifications, each also e-mailed, in the order Settings lists their e-mail switches. */
export const NOTIFICATION_KIND_NAMES = [
  'comment',
  'reply',
  'mention',
  'like',
  'follow',
  'post',
  'moderation',
  'answer-accepted',
  'flag-resolved',
] as const;
export type NotificationKindName = (typeof NOTIFICATION_KIND_NAMES)[number];
/** What each kind's e-mails are about, in a sentence's words ('e-mails about …'): the mails' unsubscribe lines and pages. */
export const NOTIFICATION_MAIL_TOPICS: Record<NotificationKindName, string> = {
  comment: 'comments on your posts',
  reply: 'replies to your comments',
  mention: 'mentions of you',
  like: 'likes of your posts and comments',
  follow: 'new followers',
  post: 'new posts by people and tags you follow',
  moderation: 'moderation of your posts and comments',
  'answer-accepted': 'your accepted answers',
  'flag-resolved': 'reviews of what you flagged',
};
export const notificationKindSchema = z.enum(NOTIFICATION_KIND_NAMES, { error: NOTIFICATION_MESSAGES.kindInvalid });

/** PUT /api/Account/EmailPreferences: one kind's e-mails on or off. */
export const emailPreferenceRequestSchema = z.object({
  kind: notificationKindSchema,
  enabled: z.boolean({ error: NOTIFICATION_MESSAGES.enabledRequired }),
});
export type EmailPreferenceRequest = z.infer<typeof emailPreferenceRequestSchema>;

/** GET and PUT /api/Account/EmailPreferences: whether each kind is e-mailed. */
export type EmailPreferences = Record<NotificationKindName, boolean>;

/** PUT /api/Notification/Read: `{ ids }` or `{ all: true }`. */
export const markNotificationsReadSchema = z.union(
  [z.object({ ids: z.array(z.string().min(1).max(200)).min(1).max(500) }), z.object({ all: z.literal(true) })],
  { error: NOTIFICATION_MESSAGES.readInvalid },
);
export type MarkNotificationsReadRequest = z.infer<typeof markNotificationsReadSchema>;

/** An item of GET /api/Notification, newest first; `url` is the SPA path of the target. */
export interface Notification {
  id: string;
  /** The keyset id of the next page. */
  seq: number;
  kind: NotificationKindName;
  actors: { userName: string; name: string }[];
  /** `flag-resolved` (issue 27): what the admin did with the flagged item. */
  outcome?: 'dismiss' | 'hide' | 'delete';
  count: number;
  target: { entityType: number; id: number; title: string; url: string };
  createdOn: string;
  isRead: boolean;
}
