import { accountsProjection } from './accounts/accounts.projection';
import { commentsProjection } from './comments/comments.projection';
import { likesProjection } from './likes/likes.projection';
import { followsProjection } from './follows/follows.projection';
import { notificationsProjection } from './notifications/notifications.projection';
import { feedProjection } from './feed/feed.projection';
import { readingListProjection } from './reading-list/reading-list.projection';
import { homeProjection } from './home/home.projection';
import { flagQueueProjection } from './flag-queue/flag-queue.projection';
import { moderationLogProjection } from './moderation-log/moderation-log.projection';
import { postViewProjection } from './post-view/post-view.projection';
import { profilesProjection } from './profiles/profiles.projection';
import type { Projection } from './projection';
import { accountMailReactor, type AccountMailDependencies } from './reactors/account-mail.reactor';
import { commentNotificationReactor, type CommentNotificationDependencies } from './reactors/comment-notification.reactor';
import { signInMailReactor } from './reactors/sign-in-mail.reactor';
import { signInProjection } from './sign-in/sign-in.projection';
import { uploadedDocumentsProjection } from './uploaded-documents/uploaded-documents.projection';

export type ProjectionDependencies = AccountMailDependencies & CommentNotificationDependencies;

/** Every projection and reactor the site runs; the CLI's `projections` commands see the same list. */
export function createProjections(deps: ProjectionDependencies): Projection[] {
  return [
    homeProjection(deps.vault),
    postViewProjection,
    moderationLogProjection,
    flagQueueProjection,
    commentsProjection,
    likesProjection,
    followsProjection,
    readingListProjection,
    feedProjection,
    // In a turn, the loops commit in this order: what the live inbox shows a row from (post view,
    // comments, accounts) commits before the row, so its push need not wait for another turn.
    accountsProjection(deps.vault),
    notificationsProjection,
    uploadedDocumentsProjection,
    profilesProjection(deps.vault),
    signInProjection,
    accountMailReactor(deps),
    commentNotificationReactor(deps),
    signInMailReactor(deps),
  ];
}
