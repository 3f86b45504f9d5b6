export * from './projection';
export { OpenedPersonalData } from './opened-personal-data';
export * from './runner';
export * from './all-projections';
export { READ_MODELS, type ReadModelName } from './read-models';

// Read models the API queries: their collection names and document shapes, exported on purpose.
export { ACCOUNTS_COLLECTION, ERASED_USER_NAME, type AccountDocument } from './accounts/accounts.projection';
export { API_TOKENS_COLLECTION, SESSIONS_COLLECTION, type ApiTokenDocument, type SessionDocument } from './sign-in/sign-in.projection';
export { describeClient } from './sign-in/describe-client';
export { emailReservations, accountIdByEmailLookup } from './accounts/email-reservations';
export { HOME_COLLECTION, HOME_PAGE_SIZE, type HomePostDocument } from './home/home.projection';
export {
  MODERATION_LOG_COLLECTION,
  sortablePosition,
  isAccountModerationEntry,
  type ModerationLogDocument,
  type AccountModerationLogDocument,
} from './moderation-log/moderation-log.projection';
export { FLAG_QUEUE_COLLECTION, flagQueueId, type FlagQueueDocument } from './flag-queue/flag-queue.projection';
export { POST_VIEW_COLLECTION, type PostAttachedFile, type PostViewDocument } from './post-view/post-view.projection';
export { POST_VIEW_FILES_COLLECTION, type PostFileList, type PostViewFileLink } from './post-view/post-view-files';
export { UPLOADED_DOCUMENTS_COLLECTION, type UploadedDocument } from './uploaded-documents/uploaded-documents.projection';
export {
  PROFILE_HISTORY_COLLECTION,
  PROFILES_COLLECTION,
  type ProfileDocument,
  type ProfileHistoryDocument,
  type ProfileHistoryKind,
} from './profiles/profiles.projection';
export { SEARCH_PROJECTION_NAME, searchProjection } from './search/search.projection';
export { COMMENTS_COLLECTION, type CommentDocument } from './comments/comments.projection';
export { LIKES_COLLECTION, type LikeDocument } from './likes/likes.projection';
export { plainTextOf } from './search/plain-text';
export { FOLLOWS_COLLECTION, type FollowDocument } from './follows/follows.projection';
export { READING_LIST_COLLECTION, type ReadingListDocument } from './reading-list/reading-list.projection';
export { FEED_COLLECTION, type FeedDocument } from './feed/feed.projection';
export {
  NOTIFICATION_READS_COLLECTION,
  NOTIFICATIONS_COLLECTION,
  POST_NOTICES_COLLECTION,
  type NotificationDocument,
  type NotificationReadsDocument,
  type NotificationTarget,
  type PostNoticeDocument,
} from './notifications/notifications.projection';
