import { StreamableFile } from '@nestjs/common';
import { UNSUBSCRIBE_PATH, type NotificationKind } from '@app/domain';

const escape = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function page(title: string, body: string): StreamableFile {
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)} - DevCommunity</title></head>` +
    `<body><main><h1>${escape(title)}</h1>${body}<p><a href="/">DevCommunity</a></p></main></body></html>`;
  return new StreamableFile(Buffer.from(html, 'utf8'), { type: 'text/html; charset=utf-8' });
}

/** What each kind's e-mails are about, in a sentence's words ('e-mails about …'). */
const ABOUT: Record<NotificationKind, string> = {
  comment: 'comments on your posts',
  reply: 'replies to your comments',
  mention: 'mentions of you',
  like: 'likes of your posts and comments',
  follow: 'new followers',
  post: 'new posts by people and tags you follow',
  moderation: 'moderation of your posts and comments',
  'answer-accepted': 'your answers being accepted',
  'flag-resolved': 'the review of what you flagged',
};
const aboutOf = (kind: NotificationKind | null) => (kind === null ? 'comments' : ABOUT[kind]);

/**
 * What opening the unsubscribe link of a mail shows: a button, since mail scanners and link
 * previews open (GET) every link. The button POSTs the same signed link, as RFC 8058 clients do.
 */
export function confirmUnsubscribePage(uname: string, hash: string, kind: NotificationKind | null): StreamableFile {
  const query = new URLSearchParams({ uname, ...(kind === null ? {} : { kind }), hash });
  const action = `/${UNSUBSCRIBE_PATH}?${query.toString()}`;
  const about = aboutOf(kind);
  return page(
    `Stop e-mails about ${about}?`,
    `<p>You will no longer get e-mails about ${escape(about)}. You can turn them on again in your profile settings.</p>` +
      `<form method="post" action="${escape(action)}"><button type="submit">Stop e-mails about ${escape(about)}</button></form>`,
  );
}

/** The answer to the confirmation form (a browser's POST). */
export function unsubscribedPage(kind: NotificationKind | null): StreamableFile {
  return page('Unsubscribed', `<p>You will no longer get e-mails about ${escape(aboutOf(kind))}.</p>`);
}
