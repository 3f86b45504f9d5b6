import { MENTION_PATTERN, NOT_PROSE_ELEMENTS } from '@app/contracts';
import { USER_NAME_MAX_LENGTH } from '../account/user-name';

/**
 * At most this many people are notified per post or comment (Discourse's `max_mentions_per_post`
 * default): a list of a hundred handles is spam, not a conversation. Later handles are ignored.
 */
export const MAX_MENTIONS = 10;

/** Code and links, whole: sanitized html nests them properly. */
const NOT_PROSE = new RegExp(`<(${NOT_PROSE_ELEMENTS.join('|')})\\b[^>]*>[\\s\\S]*?<\\/\\1>`, 'gi');

/**
 * The user names `@name` mentions in sanitized rich text (what `sanitizeRichText` returned: every
 * `<` of its text is escaped, so whatever lies between `<` and `>` is a tag). Lowercased, each once,
 * in the order written, at most MAX_MENTIONS; handles longer than a user name can be are skipped.
 */
export function mentionedUserNames(sanitizedHtml: string): string[] {
  const text = sanitizedHtml
    .replace(NOT_PROSE, ' ')
    // Tags end words: `<p>a</p><p>@ann</p>` mentions ann.
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;|&#xa0;/gi, ' ')
    .replace(/&#64;|&commat;/gi, '@')
    .replace(/&amp;/g, '&');
  const names: string[] = [];
  for (const match of text.matchAll(MENTION_PATTERN)) {
    const name = match[1].toLowerCase();
    if (name.length > USER_NAME_MAX_LENGTH || names.includes(name)) continue;
    names.push(name);
    if (names.length === MAX_MENTIONS) break;
  }
  return names;
}

/** The accounts a post or comment mentions, as its command resolved them: each once, never its author. */
export function mentionIdsFor(authorId: string, mentionIds: readonly string[] | undefined): string[] {
  return [...new Set(mentionIds ?? [])].filter((id) => id !== authorId).slice(0, MAX_MENTIONS);
}

/** Mentions ride on the event that writes the text, only when there are some (older events have none). */
export function mentionsOf(authorId: string, mentioned: readonly string[] | undefined): { mentionIds?: string[] } {
  const mentionIds = mentionIdsFor(authorId, mentioned);
  return mentionIds.length > 0 ? { mentionIds } : {};
}
