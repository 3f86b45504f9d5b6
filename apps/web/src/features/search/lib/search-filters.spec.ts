import { DEFAULT_SEARCH_FILTERS, filtersFromQuery, mergeFiltersIntoQuery, normalizeFilters } from '@/features/search/lib/search-filters';

describe('search filters in the URL (SPEC §2 URL history mode)', () => {
  it('reads the four query parameters', () => {
    expect(filtersFromQuery(new URLSearchParams('searchString=event sourcing&category=3&entityType=1&orderBy=1'))).toEqual({
      searchString: 'event sourcing',
      categoryId: 3,
      entityType: 1,
      orderBy: 1,
    });
  });

  it('takes the defaults (every category, type 100, order 0) for missing or unreadable parameters', () => {
    expect(filtersFromQuery(new URLSearchParams())).toEqual(DEFAULT_SEARCH_FILTERS);
    expect(DEFAULT_SEARCH_FILTERS).toEqual({ searchString: '', categoryId: -1, entityType: 100, orderBy: 0 });
    expect(filtersFromQuery(new URLSearchParams('category=abc&entityType=3&orderBy=7'))).toEqual(DEFAULT_SEARCH_FILTERS);
    expect(filtersFromQuery(new URLSearchParams('category=-5&entityType=2.5'))).toEqual(DEFAULT_SEARCH_FILTERS);
    expect(filtersFromQuery(new URLSearchParams('category=0'))).toEqual(DEFAULT_SEARCH_FILTERS);
  });

  it('merges a change into the query, keeping the other parameters', () => {
    const query = new URLSearchParams('searchString=linq&category=3&entityType=1&orderBy=0&utm=x');
    const merged = mergeFiltersIntoQuery(query, { entityType: 2, orderBy: 1 });
    expect(Object.fromEntries(merged)).toEqual({ searchString: 'linq', category: '3', entityType: '2', orderBy: '1', utm: 'x' });
    expect(query.get('entityType')).toBe('1');
  });

  it('writes the filters it is given under their parameter names', () => {
    expect(mergeFiltersIntoQuery(new URLSearchParams(), { searchString: 'tasks', categoryId: -1 }).toString()).toBe(
      'searchString=tasks&category=-1',
    );
  });

  it('searches for the text stripped to letters and spaces (SPEC §5)', () => {
    expect(normalizeFilters({ ...DEFAULT_SEARCH_FILTERS, searchString: '  C# 10 & .NET   core! ' }).searchString).toBe('C NET core');
  });
});
