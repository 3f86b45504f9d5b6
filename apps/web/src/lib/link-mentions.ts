import { MENTION_PATTERN, NOT_PROSE_ELEMENTS } from '@app/contracts';

/** A user name is at most this long (the server's rule): a longer handle links nowhere. */
const USER_NAME_MAX_LENGTH = 30;
const NOT_PROSE = new Set<string>(NOT_PROSE_ELEMENTS);

/**
 * Stored rich text with each `@userName` of its prose made a link to that profile (not in code,
 * code blocks or links), as the server reads mentions. The html is the server's sanitized html:
 * every `<` of its text is escaped, so whatever lies between `<` and `>` is a tag. Pure, so the
 * server's first paint and the SPA show the same markup.
 */
export function linkMentions(html: string): string {
  if (!html.includes('@')) return html;
  let insideNotProse = 0;
  return html
    .split(/(<[^>]*>)/)
    .map((part) => {
      if (part.startsWith('<')) {
        const tag = /^<(\/?)([a-z0-9]+)/i.exec(part);
        if (tag && NOT_PROSE.has(tag[2].toLowerCase()) && !part.endsWith('/>'))
          insideNotProse = Math.max(0, insideNotProse + (tag[1] ? -1 : 1));
        return part;
      }
      if (insideNotProse > 0) return part;
      return part.replace(MENTION_PATTERN, (handle: string, name: string) =>
        name.length > USER_NAME_MAX_LENGTH ? handle : `<a href="/profile/${name.toLowerCase()}" class="mention">${handle}</a>`,
      );
    })
    .join('');
}
