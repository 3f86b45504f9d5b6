import { ALL_CATEGORIES, EntityType, SEARCH_ENTITY_TYPES, stripSearchText, type SearchRequestEntityType } from '@app/contracts';

/** SPEC §2 Order dropdown: 0 = date descending, 1 = date ascending. */
export type SearchOrder = 0 | 1;

/** What the search screen's text box and Filter panel hold. */
export interface SearchFilters {
  searchString: string;
  categoryId: number;
  entityType: SearchRequestEntityType;
  orderBy: SearchOrder;
}

/** SPEC §9: default type 100 (articles and questions), default order 0 (descending), every category. */
export const DEFAULT_SEARCH_FILTERS: SearchFilters = {
  searchString: '',
  categoryId: ALL_CATEGORIES,
  entityType: EntityType.ArticleQuestion,
  orderBy: 0,
};

/** The query parameters of URL history mode (SPEC §2), by filter. */
const QUERY_PARAMS = { searchString: 'searchString', categoryId: 'category', entityType: 'entityType', orderBy: 'orderBy' } as const;

const wholeNumber = (text: string | null): number | undefined => {
  if (text === null || !/^-?\d+$/.test(text.trim())) return undefined;
  return Number(text);
};

const isEntityType = (value: number | undefined): value is SearchRequestEntityType => SEARCH_ENTITY_TYPES.some((type) => type === value);

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
  };
}

/** `query` with the changed filters written over it; any other parameter stays (SPEC §2: a change merges). */
export function mergeFiltersIntoQuery(query: URLSearchParams, change: Partial<SearchFilters>): URLSearchParams {
  const merged = new URLSearchParams(query);
  for (const [filter, param] of Object.entries(QUERY_PARAMS) as Array<[keyof SearchFilters, string]>) {
    const value = change[filter];
    if (value !== undefined) merged.set(param, String(value));
  }
  return merged;
}

/** The filters a search runs with: the text stripped to letters and spaces (SPEC §5). */
export function normalizeFilters(filters: SearchFilters): SearchFilters {
  return { ...filters, searchString: stripSearchText(filters.searchString) };
}
