import type { Notification } from '@app/contracts';

const WHAT: Record<Notification['kind'], string> = {
  comment: 'commented on',
  reply: 'replied to your comment on',
  like: 'liked',
  mention: 'mentioned you in',
  follow: 'started following you',
  post: 'published',
  moderation: 'moderated',
  'answer-accepted': 'accepted your answer on',
  'flag-resolved': 'reviewed what you flagged',
};

const OUTCOME: Record<NonNullable<Notification['outcome']>, string> = {
  dismiss: 'kept it',
  hide: 'hid it',
  delete: 'deleted it',
};

/** 'Ann and 3 others liked Engines of thought'. */
export function notificationText(notification: Notification): string {
  const [first] = notification.actors;
  const others = notification.count - 1;
  const who = others > 0 ? `${first.name} and ${others} ${others === 1 ? 'other' : 'others'}` : first.name;
  const title = notification.target.title ? ` ${notification.target.title}` : '';
  if (notification.kind === 'flag-resolved')
    return `${who} ${WHAT[notification.kind]}${title ? ` (${title.trim()})` : ''} and ${OUTCOME[notification.outcome ?? 'dismiss']}`;
  return `${who} ${WHAT[notification.kind]}${notification.kind === 'follow' ? '' : title}`;
}
