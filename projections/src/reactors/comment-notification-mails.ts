import { singleLine, type MailToSend } from '@app/mail';
import { NOTIFICATION_MAIL_TOPICS, type FlagAction, type NotificationKindName } from '@app/contracts';

/** The kinds this site mails (each only to those whose preference for it was on: see the reactor). */

export interface CommentNotificationInput {
  to: string;
  name: string;
  /** The display name of who did it: the commenter, the one who mentioned, the new follower. */
  commenter: string;
  /** 'reply': to the recipient's comment; 'comment': on the recipient's post; 'mention': of the recipient in a comment. */
  kind: 'comment' | 'reply' | 'mention';
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

/** What the mail is about: a post, or a comment on a post (named by its post's title). */
export interface MailedItem {
  isComment: boolean;
  postLabel: 'article' | 'question';
  postTitle: string;
}

export interface AnswerAcceptedInput {
  to: string;
  name: string;
  /** Who accepted it: the question's author, or an admin. */
  accepter: string;
  postTitle: string;
  commentLink: string;
  unsubscribeLink: string;
}

export interface FlagResolvedInput {
  to: string;
  name: string;
  item: MailedItem;
  outcome: FlagAction;
  /** The item, when it can still be seen (the flag was dismissed); null otherwise. */
  itemLink: string | null;
  unsubscribeLink: string;
}

/** What an admin did to the recipient's post or comment (the inbox's `moderation` kind). */
export type ModerationAction = 'approved' | 'unapproved' | 'deleted';

export interface ModerationInput {
  to: string;
  name: string;
  item: MailedItem;
  action: ModerationAction;
  /** The item (or, for a deleted comment, its post); null for a deleted post. */
  itemLink: string | null;
  unsubscribeLink: string;
}

export interface LikeNotificationInput {
  to: string;
  name: string;
  liker: string;
  item: MailedItem;
  itemLink: string;
  unsubscribeLink: string;
}

export interface PostNotificationInput {
  to: string;
  name: string;
  author: string;
  postLabel: 'article' | 'question';
  postTitle: string;
  /** Why the reader hears of it: the author they follow, or one of the post's tags they follow. */
  followed: { kind: 'user' } | { kind: 'tag'; subTag: string };
  postLink: string;
  unsubscribeLink: string;
}

const SIGNATURE = '\n\nThe DevCommunity team';

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
  return notificationMail(input, kind, { subject, what, link: { url: input.commentLink, lead: 'Read it here', text: 'Read the comment' } });
}

/** Sent to a person someone started to follow (only if they turned follow e-mails on). */
export function followNotificationMail(input: FollowNotificationInput): MailToSend {
  const follower = singleLine(input.follower);
  return notificationMail(input, 'follow', {
    subject: `${follower} is now following you`,
    what: `${follower} is now following you.`,
    link: { url: input.profileLink, lead: 'See their profile', text: `See ${follower}'s profile` },
  });
}

/** Sent to the author of a liked post or comment: at most one a day per item (see the reactor); the inbox counts the rest. */
export function likeNotificationMail(input: LikeNotificationInput): MailToSend {
  const liker = singleLine(input.liker);
  const item = describeItem(input.item, 'your');
  return notificationMail(input, 'like', {
    subject: `${liker} liked ${item}`,
    what: `${liker} liked ${item}. Your notifications show everyone who liked it.`,
    link: { url: input.itemLink, lead: 'See it here', text: 'See it' },
  });
}

/** Sent to a follower of a post's author or of one of its tags when the post is first shown. */
export function postNotificationMail(input: PostNotificationInput): MailToSend {
  const [author, postTitle] = [input.author, input.postTitle].map(singleLine);
  const why = input.followed.kind === 'user' ? `you follow ${author}` : `you follow the tag ${singleLine(input.followed.subTag)}`;
  return notificationMail(input, 'post', {
    subject: `New ${input.postLabel} by ${author}: "${postTitle}"`,
    what: `${author} published the ${input.postLabel} "${postTitle}" (you hear of it because ${why}).`,
    link: { url: input.postLink, lead: 'Read it here', text: `Read the ${input.postLabel}` },
  });
}

/** Sent to the author of a comment someone else accepted as the answer to a question. */
export function answerAcceptedMail(input: AnswerAcceptedInput): MailToSend {
  const [accepter, postTitle] = [input.accepter, input.postTitle].map(singleLine);
  return notificationMail(input, 'answer-accepted', {
    subject: `Your answer on "${postTitle}" was accepted`,
    what: `${accepter} accepted your answer on the question "${postTitle}".`,
    link: { url: input.commentLink, lead: 'Read it here', text: 'Read your answer' },
  });
}

const FLAG_OUTCOMES: Record<FlagAction, string> = { dismiss: 'kept it', hide: 'hid it', delete: 'deleted it' };

/** Sent to each flagger of an item when an admin resolved its flags: what was done with it. */
export function flagResolvedMail(input: FlagResolvedInput): MailToSend {
  const item = describeItem(input.item, 'the');
  return notificationMail(input, 'flag-resolved', {
    subject: `What you flagged was reviewed: ${FLAG_OUTCOMES[input.outcome]}`,
    what: `An admin reviewed ${item} you flagged and ${FLAG_OUTCOMES[input.outcome]}.`,
    link: input.itemLink === null ? null : { url: input.itemLink, lead: 'See it here', text: 'See it' },
  });
}

/** Sent to the author of a post or comment an admin approved, unapproved or deleted. */
export function moderationMail(input: ModerationInput): MailToSend {
  const item = describeItem(input.item, 'your');
  return notificationMail(input, 'moderation', {
    subject: `An admin ${input.action} ${item}`,
    what: `An admin ${input.action} ${item}.`,
    link:
      input.itemLink === null
        ? null
        : { url: input.itemLink, lead: 'See it here', text: input.action === 'deleted' ? 'See the post' : 'See it' },
  });
}

/** 'your comment on the article "Threads"', 'the question "Threads"'. */
function describeItem({ isComment, postLabel, postTitle }: MailedItem, whose: 'the' | 'your'): string {
  const title = singleLine(postTitle);
  return isComment ? `${whose} comment on the ${postLabel} "${title}"` : `${whose} ${postLabel} "${title}"`;
}

function notificationMail(
  { to, name: rawName, unsubscribeLink }: { to: string; name: string; unsubscribeLink: string },
  kind: NotificationKindName,
  { subject, what, link }: { subject: string; what: string; link: { url: string; lead: string; text: string } | null },
): MailToSend {
  const name = singleLine(rawName);
  const stop = `Stop e-mails about ${NOTIFICATION_MAIL_TOPICS[kind]}`;
  return {
    to,
    subject,
    text: `Hello ${name},\n\n${what}\n${link ? `${link.lead}:\n${link.url}\n` : ''}\nTo stop e-mails about ${NOTIFICATION_MAIL_TOPICS[kind]}, open this link:\n${unsubscribeLink}${SIGNATURE}`,
    html:
      `<p>Hello ${escapeHtml(name)},</p><p>${escapeHtml(what)}</p>` +
      (link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.text)}</a></p>` : '') +
      `<p style="font-size:small"><a href="${escapeHtml(unsubscribeLink)}">${escapeHtml(stop)}</a></p><p>The DevCommunity team</p>`,
    headers: { 'List-Unsubscribe': `<${unsubscribeLink}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
