import { StreamableFile } from '@nestjs/common';
import { UNSUBSCRIBE_PATH, type NotificationKind } from '@app/domain';
import { NOTIFICATION_MAIL_TOPICS } from '@app/contracts';

const escape = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function page(title: string, body: string): StreamableFile {
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)} - DevCommunity</title></head>` +
    `<body><main><h1>${escape(title)}</h1>${body}<p><a href="/">DevCommunity</a></p></main></body></html>`;
  return new StreamableFile(Buffer.from(html, 'utf8'), { type: 'text/html; charset=utf-8' });
}

const aboutOf = (kind: NotificationKind | null) => (kind === null ? 'comments' : NOTIFICATION_MAIL_TOPICS[kind]);

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
