import { MAX_SEARCH_WORDS, stripSearchText } from '@app/contracts';
import type { SearchDocument, SearchIndexBatch, SearchQuery } from './search-index.port';

/** Issue 27: `trending` counts the likes and comments of this many days, ending on the query's `today`. */
export const TRENDING_DAYS = 7;

/**
 * SPEC §5: the words of the search text (letters only, any script); none means 'list everything'.
 * A repeated word counts once and at most MAX_SEARCH_WORDS are kept (the request schema refuses
 * more): an index's cost grows with the words it matches. The last word stays last (it is the prefix).
 */
export function searchWords(text: string): string[] {
  const words = stripSearchText(text)
    .split(' ')
    .filter((word) => word.length > 0);
  const last = words.at(-1);
  if (last === undefined) return [];
  const earlier = [...new Set(words.slice(0, -1))].filter((word) => word !== last);
  return [...earlier.slice(0, MAX_SEARCH_WORDS - 1), last];
}

/**
 * The keyset of SPEC §4 as one cursor: the id the page must go beyond. Post ids are one time-ordered
 * sequence over both kinds, so the last id the reader received of either requested kind bounds the
 * next page exactly: the nearer one (the smaller descending, the larger ascending). Keeping a
 * cursor per kind let a post published while someone paged slip into the middle of their pages when
 * a page held none of its kind (its cursor still at the start). Start values (a very large id
 * descending, -1 ascending) are neutral, so an unused kind's cursor changes nothing.
 */
export function keysetCursor(query: SearchQuery): number {
  const cursors =
    query.entityType === 100
      ? [query.lastFetchedArticleId, query.lastFetchedQuestionId]
      : [query.entityType === 1 ? query.lastFetchedArticleId : query.lastFetchedQuestionId];
  return query.orderByAsc ? Math.max(...cursors) : Math.min(...cursors);
}

/**
 * The `trending` score of a document for each day whose window holds some activity: the window
 * ending on day D is D - TRENDING_DAYS + 1 .. D. Only positive scores are kept (absent means 0),
 * so an adapter stores a handful of numbers per post and reads one at query time.
 */
export function trendingScores(document: SearchDocument): Map<number, number> {
  const scores = new Map<number, number>();
  for (const { day, count } of document.activity ?? [])
    for (let end = day; end < day + TRENDING_DAYS; end++) scores.set(end, (scores.get(end) ?? 0) + count);
  for (const [day, score] of scores) if (score <= 0) scores.delete(day);
  return scores;
}

/** A question someone other than its author answered: one of their comments is approved. */
export const isAnswered = (document: SearchDocument): boolean => (document.answers ?? []).some((answer) => answer.isApproved);

export const isSolved = (document: SearchDocument): boolean => document.acceptedCommentId != null;

/** The value a `top` or `trending` search ordered the document by (the next page's `lastFetchedScore.score`); null for `latest`. */
export function sortScoreOf(document: SearchDocument, query: Pick<SearchQuery, 'sort' | 'today'>): number | null {
  if (query.sort === 'top') return document.likes;
  if (query.sort === 'trending') return trendingScores(document).get(query.today ?? 0) ?? 0;
  return null;
}

/** The text the index searches for a document's tags. */
export const tagText = (document: SearchDocument): string => document.tags.map((tag) => tag.subTag).join(' ');

/**
 * A batch buffered in memory until its adapter commits it in one step: the last write of an id
 * wins (null = removed), and `get` sees the buffered writes before the committed documents.
 */
export class BufferedBatch implements SearchIndexBatch {
  readonly writes = new Map<number, SearchDocument | null>();

  constructor(private readonly committed: (id: number) => Promise<SearchDocument | null>) {}

  async get(id: number): Promise<SearchDocument | null> {
    if (this.writes.has(id)) return structuredClone(this.writes.get(id) ?? null);
    return this.committed(id);
  }

  upsert(document: SearchDocument): void {
    this.writes.set(document.id, structuredClone(document));
  }

  remove(id: number): void {
    this.writes.set(id, null);
  }
}
