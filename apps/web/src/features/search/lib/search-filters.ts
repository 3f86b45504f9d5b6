import {
  ALL_CATEGORIES,
  EntityType,
  SEARCH_ENTITY_TYPES,
  SEARCH_SORTS,
  SEARCH_STATUSES,
  stripSearchText,
  type SearchRequestEntityType,
  type SearchSort,
  type SearchStatus,
} from '@app/contracts';

/** SPEC §2 Order dropdown: 0 = date descending, 1 = date ascending. */
export type SearchOrder = 0 | 1;

/** What the search screen's text box and Filter panel hold. */
export interface SearchFilters {
  searchString: string;
  categoryId: number;
  entityType: SearchRequestEntityType;
  orderBy: SearchOrder;
  /** Tag ids, ascending and once each (the request's `Tags`): posts with any of them. */
  tagIds: readonly number[];
  /** Issue 27: latest (by date, as `orderBy` says), top (likes) or trending (the last 7 days). */
  sort: SearchSort;
  /** Issue 27: any, unanswered or solved (the last two: questions only). */
  status: SearchStatus;
}

/** SPEC §9: default type 100 (articles and questions), default order 0 (descending), every category. */
export const DEFAULT_SEARCH_FILTERS: SearchFilters = {
  searchString: '',
  categoryId: ALL_CATEGORIES,
  entityType: EntityType.ArticleQuestion,
  orderBy: 0,
  tagIds: [],
  sort: 'latest',
  status: 'any',
};

/** The query parameters of URL history mode (SPEC §2), by filter; tags are `tag`, once per tag id. */
const QUERY_PARAMS = {
  searchString: 'searchString',
  categoryId: 'category',
  entityType: 'entityType',
  orderBy: 'orderBy',
  sort: 'sort',
  status: 'status',
} as const;
const TAG_PARAM = 'tag';

/** Tag ids once each, ascending: the same filter always has the same form (query key, URL). */
export const tagIdsOf = (ids: Iterable<number>): number[] => [...new Set(ids)].sort((a, b) => a - b);

const wholeNumber = (text: string | null): number | undefined => {
  if (text === null || !/^-?\d+$/.test(text.trim())) return undefined;
  return Number(text);
};

const isEntityType = (value: number | undefined): value is SearchRequestEntityType => SEARCH_ENTITY_TYPES.some((type) => type === value);

const oneOf = <T extends string>(values: readonly T[], text: string | null, fallback: T): T =>
  values.find((value) => value === text) ?? fallback;

/** The filters a URL's query holds; a missing or unreadable parameter takes its default. */
export function filtersFromQuery(query: URLSearchParams): SearchFilters {
  const category = wholeNumber(query.get(QUERY_PARAMS.categoryId));
  const entityType = wholeNumber(query.get(QUERY_PARAMS.entityType));
  const orderBy = wholeNumber(query.get(QUERY_PARAMS.orderBy));
  return {
    searchString: query.get(QUERY_PARAMS.searchString) ?? DEFAULT_SEARCH_FILTERS.searchString,
    categoryId: category !== undefined && (category === ALL_CATEGORIES || category > 0) ? category : DEFAULT_SEARCH_FILTERS.categoryId,
    entityType: isEntityType(entityType) ? entityType : DEFAULT_SEARCH_FILTERS.entityType,
    orderBy: orderBy === 1 ? 1 : 0,
    tagIds: tagIdsOf(
      query
        .getAll(TAG_PARAM)
        .map(wholeNumber)
        .filter((id): id is number => id !== undefined && id > 0),
    ),
    sort: oneOf(SEARCH_SORTS, query.get(QUERY_PARAMS.sort), DEFAULT_SEARCH_FILTERS.sort),
    status: oneOf(SEARCH_STATUSES, query.get(QUERY_PARAMS.status), DEFAULT_SEARCH_FILTERS.status),
  };
}

/** `query` with the changed filters written over it; any other parameter stays (SPEC §2: a change merges). */
export function mergeFiltersIntoQuery(query: URLSearchParams, change: Partial<SearchFilters>): URLSearchParams {
  const merged = new URLSearchParams(query);
  for (const [filter, param] of Object.entries(QUERY_PARAMS) as Array<[keyof typeof QUERY_PARAMS, string]>) {
    const value = change[filter];
    if (value !== undefined) merged.set(param, String(value));
  }
  if (change.tagIds !== undefined) {
    merged.delete(TAG_PARAM);
    for (const id of tagIdsOf(change.tagIds)) merged.append(TAG_PARAM, String(id));
  }
  return merged;
}

/** The filters a search runs with: the text stripped to letters and spaces (SPEC §5). */
export function normalizeFilters(filters: SearchFilters): SearchFilters {
  return { ...filters, searchString: stripSearchText(filters.searchString) };
}
