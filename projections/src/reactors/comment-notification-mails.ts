import { singleLine, type MailToSend } from '@app/mail';

export interface CommentNotificationInput {
  to: string;
  name: string;
  /** The commenter's display name. */
  commenter: string;
  /** 'reply': to the recipient's comment; 'comment': on the recipient's post. */
  kind: 'comment' | 'reply';
  postLabel: 'article' | 'question';
  postTitle: string;
  commentLink: string;
  unsubscribeLink: string;
}

const SIGNATURE = '\n\nThe DevCommunity team';

/** Sent to a post's author on a comment, or to a comment's author on a reply; one click unsubscribes (RFC 8058). */
export function commentNotificationMail(input: CommentNotificationInput): MailToSend {
  const { to, kind, postLabel, commentLink, unsubscribeLink } = input;
  // What users typed goes in on one line: see singleLine.
  const [name, commenter, postTitle] = [input.name, input.commenter, input.postTitle].map(singleLine);
  const what =
    kind === 'reply'
      ? `${commenter} replied to your comment on the ${postLabel} "${postTitle}".`
      : `${commenter} commented on your ${postLabel} "${postTitle}".`;
  return {
    to,
    subject: kind === 'reply' ? `New reply to your comment on "${postTitle}"` : `New comment on your ${postLabel} "${postTitle}"`,
    text: `Hello ${name},\n\n${what}\nRead it here:\n${commentLink}\n\nTo stop e-mails about comments, open this link:\n${unsubscribeLink}${SIGNATURE}`,
    html:
      `<p>Hello ${escapeHtml(name)},</p><p>${escapeHtml(what)}</p><p><a href="${escapeHtml(commentLink)}">Read the comment</a></p>` +
      `<p style="font-size:small"><a href="${escapeHtml(unsubscribeLink)}">Stop e-mails about comments</a></p><p>The DevCommunity team</p>`,
    headers: { 'List-Unsubscribe': `<${unsubscribeLink}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
