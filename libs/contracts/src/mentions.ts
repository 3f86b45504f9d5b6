/**
 * A mention in text: `@` not preceded by a letter, digit, `@`, `.`, `/`, `-` or `_` (so
 * `ann@example.com` and `example.com/@ann` are not mentions), then a user name (lowercase letters,
 * digits and single inner hyphens, any case as typed), not followed by more of one. One pattern
 * for the server, which notifies whom it names, and the SPA, which links it to the profile.
 */
export const MENTION_PATTERN = /(?<![\p{L}\p{N}@./_-])@([a-z0-9]+(?:-[a-z0-9]+)*)(?![\p{L}\p{N}_]|-[a-z0-9])/giu;

/** Where a handle written is not a mention: code (an example, a decorator) and links (already a link). */
export const NOT_PROSE_ELEMENTS = ['pre', 'code', 'a'] as const;
