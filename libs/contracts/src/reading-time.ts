/**
 * Reading time of stored rich text, one definition for the article header (SPA) and the home lists
 * (the home projection stores it).
 */

/** A common adult silent-reading pace for technical prose (dev.to and Medium use 200-275). */
export const WORDS_PER_MINUTE = 200;
/** Looking at an image or a figure takes time too (Medium counts about 12 s). */
const SECONDS_PER_IMAGE = 12;

/** The words of stored rich text: its text without tags; entities count as the characters they are. */
export function countWords(html: string): number {
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;|&#xa0;/gi, ' ')
    .replace(/&[a-z]+;|&#\d+;|&#x[\da-f]+;/gi, 'x');
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** Whole minutes to read an article, at least 1. */
export function readingMinutes(html: string): number {
  const images = (html.match(/<img\b/gi) ?? []).length;
  const minutes = countWords(html) / WORDS_PER_MINUTE + (images * SECONDS_PER_IMAGE) / 60;
  return Math.max(1, Math.round(minutes));
}
