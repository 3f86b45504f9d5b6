import { readingMinutes } from '@app/contracts';

export { countWords, readingMinutes, WORDS_PER_MINUTE } from '@app/contracts';

/** What the article header shows: '4 min read'. */
export function readingTimeText(html: string): string {
  return `${readingMinutes(html)} min read`;
}
