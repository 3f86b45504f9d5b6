import { NOTIFICATION_KIND_NAMES, type NotificationKindName } from '@app/contracts';
import type { Decider, DomainEvent } from '../shared/decider';

/**
 * The kinds of notifications an inbox holds (issue 26). Issue 27 added `answer-accepted` (a
 * question's author accepted the recipient's comment as its answer) and `flag-resolved` (an admin
 * resolved the flags the recipient raised on an item).
 */
export type NotificationKind = NotificationKindName;

export const NOTIFICATION_KINDS: readonly NotificationKind[] = NOTIFICATION_KIND_NAMES;

/**
 * The kinds e-mailed to a person who never chose: comments on one's posts and replies to one's
 * comments. The rest (likes, follows, news of followed people, ...) would be noise by default.
 */
const MAILED_BY_DEFAULT: readonly NotificationKind[] = ['comment', 'reply'];

/** Whether each kind is e-mailed to a person who never chose. */
export const DEFAULT_EMAIL_PREFERENCES: Readonly<Record<NotificationKind, boolean>> = Object.fromEntries(
  NOTIFICATION_KINDS.map((kind) => [kind, MAILED_BY_DEFAULT.includes(kind)]),
) as Record<NotificationKind, boolean>;

export const isNotificationKind = (kind: unknown): kind is NotificationKind => NOTIFICATION_KINDS.includes(kind as NotificationKind);

/**
 * A reader marked notifications read: the listed ones, or (`upTo`) every one up to that inbox
 * position. Marks are facts of the log like any other, so a rebuilt inbox keeps them.
 */
export type NotificationsRead = DomainEvent<'NotificationsRead', { accountId: string; ids: string[]; upTo: number | null; at: string }>;
export type NotificationEvent = NotificationsRead;

export const NOTIFICATION_EVENTS: readonly NotificationEvent['type'][] = ['NotificationsRead'];

/** `notifications-<accountId>`: one stream of read marks per reader. */
export const notificationsStreamName = (accountId: string) => `notifications-${accountId}`;

export interface MarkNotificationsRead {
  type: 'MarkNotificationsRead';
  accountId: string;
  ids: string[];
  upTo: number | null;
  now: Date;
}

/** Marks carry no rule beyond 'something to mark': no state. */
export const notificationsDecider: Decider<null, MarkNotificationsRead, NotificationEvent> = {
  initialState: null,
  evolve: () => null,
  decide: (command) =>
    command.ids.length === 0 && command.upTo === null
      ? []
      : [
          {
            type: 'NotificationsRead',
            data: { accountId: command.accountId, ids: command.ids, upTo: command.upTo, at: command.now.toISOString() },
          },
        ],
};

/** The comment events an inbox hears of (new comments and replies, moderation by staff). */
export const COMMENT_EVENTS_FOR_NOTIFICATIONS = [
  'CommentAdded',
  'CommentEdited',
  'CommentApproved',
  'CommentUnapproved',
  'CommentDeleted',
] as const;
