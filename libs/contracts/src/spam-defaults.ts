// No schema here: the SPA's shell takes EMAIL_NOT_CONFIRMED, and a module that builds zod schemas
// would bring zod's code into every first screen with it (test/e2e/static-serving.e2e-spec.ts).

/**
 * Spam defaults (issue 27). REQUIRE_CONFIRMED_EMAIL=on: publishing, commenting, liking and flagging
 * answer 403 with this message until the e-mail is confirmed; the SPA recognises it and offers to
 * send a new confirmation link.
 */
export const EMAIL_NOT_CONFIRMED = 'Please confirm your e-mail address first: open the link we sent you, or ask for a new one.';

/** Accounts younger than a day may put at most this many links in a post or comment. */
export const NEW_ACCOUNT_MAX_LINKS = 3;
export const NEW_ACCOUNT_AGE_MS = 24 * 60 * 60 * 1000;
export const TOO_MANY_LINKS = `New accounts may put at most ${NEW_ACCOUNT_MAX_LINKS} links in a post or comment during their first day.`;

/** The links (`<a href>`) of a post's or comment's HTML. */
export const countLinks = (html: string | null | undefined): number => (html ?? '').match(/<a\s[^>]*\bhref\s*=/gi)?.length ?? 0;
