import { singleLine, type MailToSend } from '@app/mail';
import type { MAILED_NOTIFICATION_KINDS } from '@app/contracts';

/** The kinds this site mails (each only to those whose preference for it was on: see the reactor). */
export type MailedNotificationKind = (typeof MAILED_NOTIFICATION_KINDS)[number];

export interface CommentNotificationInput {
  to: string;
  name: string;
  /** The display name of who did it: the commenter, the one who mentioned, the new follower. */
  commenter: string;
  /** 'reply': to the recipient's comment; 'comment': on the recipient's post; 'mention': of the recipient in a comment. */
  kind: Exclude<MailedNotificationKind, 'follow'>;
  postLabel: 'article' | 'question';
  postTitle: string;
  commentLink: string;
  unsubscribeLink: string;
}

export interface FollowNotificationInput {
  to: string;
  name: string;
  follower: string;
  profileLink: string;
  unsubscribeLink: string;
}

const SIGNATURE = '\n\nThe DevCommunity team';

/** What the unsubscribe link of each kind stops, in the mail's words. */
const STOPS: Record<MailedNotificationKind, string> = {
  comment: 'comments on your posts',
  reply: 'replies to your comments',
  mention: 'mentions of you',
  follow: 'new followers',
};

/**
 * Sent to a post's author on a comment, to a comment's author on a reply, or to whoever a comment
 * mentions; one click unsubscribes from that kind only (RFC 8058).
 */
export function commentNotificationMail(input: CommentNotificationInput): MailToSend {
  const { kind, postLabel } = input;
  // What users typed goes in on one line: see singleLine.
  const [commenter, postTitle] = [input.commenter, input.postTitle].map(singleLine);
  const what = {
    reply: `${commenter} replied to your comment on the ${postLabel} "${postTitle}".`,
    comment: `${commenter} commented on your ${postLabel} "${postTitle}".`,
    mention: `${commenter} mentioned you in a comment on the ${postLabel} "${postTitle}".`,
  }[kind];
  const subject = {
    reply: `New reply to your comment on "${postTitle}"`,
    comment: `New comment on your ${postLabel} "${postTitle}"`,
    mention: `${commenter} mentioned you on "${postTitle}"`,
  }[kind];
  return notificationMail(input, kind, { subject, what, link: input.commentLink, linkText: 'Read the comment' });
}

/** Sent to a person someone started to follow (only if they turned follow e-mails on). */
export function followNotificationMail(input: FollowNotificationInput): MailToSend {
  const follower = singleLine(input.follower);
  return notificationMail(input, 'follow', {
    subject: `${follower} is now following you`,
    what: `${follower} is now following you.`,
    link: input.profileLink,
    linkText: `See ${follower}'s profile`,
  });
}

function notificationMail(
  { to, name: rawName, unsubscribeLink }: { to: string; name: string; unsubscribeLink: string },
  kind: MailedNotificationKind,
  { subject, what, link, linkText }: { subject: string; what: string; link: string; linkText: string },
): MailToSend {
  const name = singleLine(rawName);
  const stop = `Stop e-mails about ${STOPS[kind]}`;
  return {
    to,
    subject,
    text: `Hello ${name},\n\n${what}\n${kind === 'follow' ? 'See their profile' : 'Read it here'}:\n${link}\n\nTo stop e-mails about ${STOPS[kind]}, open this link:\n${unsubscribeLink}${SIGNATURE}`,
    html:
      `<p>Hello ${escapeHtml(name)},</p><p>${escapeHtml(what)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(linkText)}</a></p>` +
      `<p style="font-size:small"><a href="${escapeHtml(unsubscribeLink)}">${escapeHtml(stop)}</a></p><p>The DevCommunity team</p>`,
    headers: { 'List-Unsubscribe': `<${unsubscribeLink}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
