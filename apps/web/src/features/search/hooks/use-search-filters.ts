import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_SEARCH_FILTERS, filtersFromQuery, mergeFiltersIntoQuery, type SearchFilters } from '@/features/search/lib/search-filters';

export interface SearchFiltersState {
  filters: SearchFilters;
  /** Applies a change to the filters; a change to what is searched for runs the search. */
  change: (change: Partial<SearchFilters>) => void;
}

/**
 * The search screen's filters (SPEC §2). With URL history on they live in the query parameters: a
 * change navigates (a history entry) merging them into the query, and a URL opened or navigated to
 * runs its search. The filters are read from the URL rather than copied into the dropdowns, so the
 * dropdowns taking their values on load is no change at all: that is how the first filter change on
 * load is ignored. With URL history off they live in the component.
 */
export function useSearchFilters(urlHistory: boolean): SearchFiltersState {
  const [query, setQuery] = useSearchParams();
  const [local, setLocal] = useState<SearchFilters>(DEFAULT_SEARCH_FILTERS);
  if (urlHistory) {
    return {
      filters: filtersFromQuery(query),
      change: (change) => setQuery((current) => mergeFiltersIntoQuery(current, change)),
    };
  }
  return { filters: local, change: (change) => setLocal((current) => ({ ...current, ...change })) };
}
