import { EntityType, firstSearchPager, type GridPostItem, type SearchRequestInput } from '@app/contracts';

export type SearchPager = SearchRequestInput['pager'];

/** SPEC §4: a new search starts beyond a very large id when descending, beyond -1 when ascending. */
export function firstPager(orderByAsc: boolean): SearchPager {
  return firstSearchPager(orderByAsc);
}

const lastIdOf = (page: readonly GridPostItem[], entityType: EntityType): number | undefined =>
  page.findLast((post) => post.entityType === entityType)?.id;

/**
 * The pager of the page after `page` (SPEC §4 keyset paging): the last article and the last
 * question it held, each kept from `pager` when the page held none of that kind. A page shorter
 * than asked is the last one: undefined.
 */
export function nextPager(pager: SearchPager, page: readonly GridPostItem[]): SearchPager | undefined {
  if (page.length < pager.pageSize) return undefined;
  return {
    ...pager,
    lastFetchedArticleId: lastIdOf(page, EntityType.Article) ?? pager.lastFetchedArticleId,
    lastFetchedQuestionId: lastIdOf(page, EntityType.Question) ?? pager.lastFetchedQuestionId,
  };
}
