import { firstSearchPager, type GridPostItem, type SearchRequestInput } from '@app/contracts';

export type SearchPager = SearchRequestInput['pager'];

/** SPEC §4: a new search starts beyond a very large id when descending, beyond -1 when ascending. */
export function firstPager(orderByAsc: boolean): SearchPager {
  return firstSearchPager(orderByAsc);
}

/**
 * The pager of the page after `page` (SPEC §4 keyset paging): one cursor, the last post received,
 * sent as both last-fetched ids. Post ids are one time-ordered sequence over both kinds, so this is
 * exact; a cursor per kind stayed at the start when a page held none of that kind, and a post
 * published meanwhile then showed up in the middle of the pages. A page shorter than asked is the
 * last one: undefined.
 */
export function nextPager(pager: SearchPager, page: readonly GridPostItem[]): SearchPager | undefined {
  const last = page.at(-1);
  if (last === undefined || page.length < pager.pageSize) return undefined;
  // `top` and `trending` (issue 27): beyond the last row's score, then its id.
  if (last.sortScore !== undefined) return { ...pager, lastFetchedScore: { score: last.sortScore, id: last.id } };
  return { ...pager, lastFetchedArticleId: last.id, lastFetchedQuestionId: last.id };
}
